package app

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// A quit confirmed on a full disk loses the writes the disk held back:
// closing the store then names the lost message and the exit code is
// not 0, whatever the quit's own code.
func TestCloseStoreOnFullDiskNamesWhatIsLost(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir, store.Options{WriteRetry: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	st.AddOutgoing(frame.Lane{ChatID: "iris:default"}, "typed on a full disk\n"+strings.Repeat("filler ", 2000), "cm-1", "", nil)
	if h := st.SaveNow(); h.WriteErr == nil || len(h.Unsaved) != 1 {
		t.Fatalf("the full disk was not felt: %+v", h)
	}
	var stderr bytes.Buffer
	code := closeStore(st, dir, slog.New(slog.NewTextHandler(io.Discard, nil)), &stderr, exitOK)
	out := stderr.String()
	if code == exitOK || !strings.Contains(out, "lost from the local store") || !strings.Contains(out, "iris:default: typed on a full disk") {
		t.Fatalf("exit code %d, stderr:\n%s\nwant non-zero, naming the lost message", code, out)
	}
}

// A store that closes cleanly keeps the code it was given.
func TestCloseStoreKeepsTheCodeWhenNothingIsLost(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st.AddOutgoing(frame.Lane{ChatID: "iris:default"}, "saved", "cm-1", "", nil)
	var stderr bytes.Buffer
	if code := closeStore(st, dir, slog.New(slog.NewTextHandler(io.Discard, nil)), &stderr, exitAuth); code != exitAuth || stderr.Len() != 0 {
		t.Fatalf("exit code %d, stderr %q; want %d and nothing", code, stderr.String(), exitAuth)
	}
}
