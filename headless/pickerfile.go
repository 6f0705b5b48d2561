package headless

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
)

// PickersFile, in the profile's data dir, keeps the pickers the headless
// device saw pending when its last command ended: the gateway delivers a
// picker once, live or from the outbox, and has no request listing pending
// ones. The next command restores them before it syncs, so the frames it
// missed (the lane moving on, an answer elsewhere) close them as in the TUI.
const PickersFile = "headless_pickers.json"

// savedPicker is one entry of PickersFile.
type savedPicker struct {
	ArrivedMS int64           `json:"arrived_ms"`
	Frame     json.RawMessage `json:"frame"`
}

// restorePickers applies the saved pickers to st, each at its arrival time
// (setClock moves st's clock). A missing file restores nothing; an
// unreadable entry is skipped.
func restorePickers(path string, st *store.State, setClock func(time.Time)) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	var saved []savedPicker
	if err := json.Unmarshal(b, &saved); err != nil {
		return nil // a damaged file loses only what it held; the gateway's timeouts still apply
	}
	defer setClock(time.Time{})
	for _, sp := range saved {
		f, err := frame.Decode(sp.Frame, frame.FromServer)
		if err != nil || !frame.IsPicker(f.Type) {
			continue
		}
		setClock(time.UnixMilli(sp.ArrivedMS))
		st.Apply(f, false)
	}
	return nil
}

// savePickers writes st's pending pickers to path (mode 0600), replacing
// the file atomically.
func savePickers(path string, st *store.State) error {
	saved := []savedPicker{}
	for _, l := range st.PendingLanes() {
		for _, p := range st.Pickers(l) {
			pk := p.Picker
			f := laneFrame(p.Type, p.Lane, &pk)
			data, err := frame.Encode(f)
			if err != nil {
				return err
			}
			saved = append(saved, savedPicker{ArrivedMS: p.Arrived.UnixMilli(), Frame: data})
		}
	}
	b, err := json.Marshal(saved)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".headless_pickers-*")
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
