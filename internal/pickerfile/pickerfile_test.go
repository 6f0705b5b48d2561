package pickerfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// TestRoundTrip: a snapshot written (mode 0600) and read back restores
// the same pickers, lane and arrival time included, into another State.
func TestRoundTrip(t *testing.T) {
	at := time.UnixMilli(1_800_000_000_000)
	src := store.New(store.Options{Now: func() time.Time { return at }})
	data := `{"type":"picker.approval","chat_id":"c7","thread_id":"t1","payload":{"picker_id":"pa_1","command":"rm -rf build/","timeout_s":0}}`
	f, err := frame.Decode([]byte(data), frame.FromServer)
	if err != nil {
		t.Fatal(err)
	}
	src.Apply(f, false)
	entries, err := Snapshot(src)
	if err != nil || len(entries) != 1 {
		t.Fatalf("snapshot %v %v", entries, err)
	}
	path := filepath.Join(t.TempDir(), TUIFile)
	if err := Write(path, entries); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v", fi, err)
	}
	read, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	dst := store.New(store.Options{})
	Restore(read, dst, func(time.Time) {})
	ps := dst.AllPickers()
	if len(ps) != 1 || ps[0].PickerID != "pa_1" || ps[0].Lane != (frame.Lane{ChatID: "c7", ThreadID: "t1"}) || ps[0].Command != "rm -rf build/" {
		t.Fatalf("restored %+v", ps)
	}
}

// TestReadMissingOrDamaged: a missing file and a damaged one read as no
// pickers; an entry that is not a picker frame is skipped on restore.
func TestReadMissingOrDamaged(t *testing.T) {
	dir := t.TempDir()
	if es, err := Read(filepath.Join(dir, "none.json")); err != nil || es != nil {
		t.Fatalf("missing: %v %v", es, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"arrived_ms":1,"frame":`), 0o600); err != nil {
		t.Fatal(err)
	}
	if es, err := Read(bad); err != nil || es != nil {
		t.Fatalf("damaged: %v %v", es, err)
	}
	st := store.New(store.Options{})
	Restore([]Entry{{ArrivedMS: 1, Frame: []byte(`{"type":"message","chat_id":"d","payload":{"message_id":"m1","role":"assistant","text":"x"}}`)}}, st, func(time.Time) {})
	if ln := st.Lane(frame.Lane{ChatID: "d"}); ln != nil && ln.Len() != 0 {
		t.Fatal("a non-picker entry was applied")
	}
}
