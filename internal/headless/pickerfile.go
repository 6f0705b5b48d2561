package headless

import (
	"time"

	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/internal/store"
)

// PickersFile, in the profile's data dir, keeps the pickers the headless
// device saw pending when its last command ended: the gateway delivers a
// picker once, live or from the outbox, and has no request listing pending
// ones. The next command restores them before it syncs, so the frames it
// missed (the lane moving on, an answer elsewhere) close them as in the TUI.
const PickersFile = "headless_pickers.json"

// mergePublished adds the pickers the TUI of the profile
// (pickerfile.TUIFile) and the other headless commands (slot.go) published
// in the files at paths that st does not hold yet or saw end: pickers
// raised before this headless device first connected, which its outbox
// never held. It runs after the first sync, as the replay of the device's
// older frames (an earlier turn's agent.idle) would otherwise close them.
// One answered elsewhere since, that no running Iris saw end, is still
// listed; answering it gets the gateway's not_found, "already answered".
func mergePublished(paths []string, st *store.State, setClock func(time.Time)) error {
	var first error
	for _, p := range paths {
		if err := pickerfile.RestoreFile(p, st, setClock); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// savePickers writes st's pending pickers to path (mode 0600), replacing
// the file atomically.
func savePickers(path string, st *store.State) error {
	entries, err := pickerfile.Snapshot(st)
	if err != nil {
		return err
	}
	return pickerfile.Write(path, entries)
}
