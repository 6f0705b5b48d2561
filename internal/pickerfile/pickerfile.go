// Package pickerfile is the file format in which Iris keeps pending
// pickers for another Iris process of the same profile: the TUI publishes
// its pending pickers (TUIFile), the headless commands keep theirs
// (headless.PickersFile), and `iris pickers` / `iris answer` read both. The
// gateway delivers a picker once per device and has no request listing the
// pending ones, so a device that connects after a picker was raised learns
// of it only this way.
//
// A file is a JSON array of entries, each the picker frame as the gateway
// sent it (lane included) and its arrival time. It is written atomically
// (a temporary file renamed over it) with mode 0600.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package pickerfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/safefile"
	"github.com/hermes/iris/internal/store"
)

// TUIFile, in the profile's data dir, holds the pickers pending in the TUI.
const TUIFile = "tui_pickers.json"

// maxSize caps a file read (a few hundred pickers).
const maxSize = 4 << 20

// Entry is one saved picker.
type Entry struct {
	ArrivedMS int64           `json:"arrived_ms"`
	Frame     json.RawMessage `json:"frame"`
}

// Snapshot returns st's pending pickers as entries, lane by lane, oldest
// first.
func Snapshot(st *store.State) ([]Entry, error) {
	out := []Entry{}
	for _, l := range st.PendingLanes() {
		for _, p := range st.Pickers(l) {
			pk := p.Picker
			f := frame.Frame{Type: p.Type, ChatID: frame.Some(l.ChatID), ThreadID: frame.Null(), Payload: &pk}
			if l.ThreadID != "" {
				f.ThreadID = frame.Some(l.ThreadID)
			}
			data, err := frame.Encode(f)
			if err != nil {
				return nil, err
			}
			out = append(out, Entry{ArrivedMS: p.Arrived.UnixMilli(), Frame: data})
		}
	}
	return out, nil
}

// Write replaces the file at path with entries, atomically, mode 0600.
func Write(path string, entries []Entry) error {
	b, err := json.Marshal(entries)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Read returns the entries of the file at path; a missing file has none.
// A damaged file reads as empty: it loses only what it held, and the
// gateway's own timeouts still apply.
func Read(path string) ([]Entry, error) {
	b, err := safefile.Read(path, maxSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var entries []Entry
	if json.Unmarshal(b, &entries) != nil {
		return nil, nil
	}
	return entries, nil
}

// Restore applies entries to st, each picker at its arrival time (setClock
// moves st's clock, and is reset to the zero time after). An entry that
// is not a picker frame is skipped; a picker st already holds or ended is
// left as it is.
func Restore(entries []Entry, st *store.State, setClock func(time.Time)) {
	defer setClock(time.Time{})
	for _, e := range entries {
		f, err := frame.Decode(e.Frame, frame.FromServer)
		if err != nil || !frame.IsPicker(f.Type) {
			continue
		}
		setClock(time.UnixMilli(e.ArrivedMS))
		st.Apply(f, false)
	}
}

// RestoreFile applies the saved pickers of the file at path to st (Read,
// then Restore).
func RestoreFile(path string, st *store.State, setClock func(time.Time)) error {
	entries, err := Read(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	Restore(entries, st, setClock)
	return nil
}
