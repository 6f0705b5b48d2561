package headless

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// The headless commands of a profile are one device (DeviceFile), so that
// a picker raised while none ran waits in that device's outbox for the
// next one. Two commands running at once (iris tail or iris approve left
// running, then iris pickers) must not share it: the gateway keeps one
// connection per device, and what it delivered to one command the other
// never sees (it listed pickers answered meanwhile). So each running
// command holds a slot, a device of its own: slot 1 is the profile's
// headless device; while a command holds it, the next command takes slot
// 2 (DeviceFile.2, PickersFile.2), and so on. Each slot publishes its
// pending pickers to its file as they change, and a command adds the
// other slots' pickers (like the TUI's) after its first sync.

// maxSlots bounds the headless devices of a profile.
const maxSlots = 8

// slot is the headless device a running command holds.
type slot struct {
	n       int
	idFile  string // the device id
	pickers string // the pending pickers it publishes
	lock    *os.File
}

// slotName is base for slot 1, base.N for slot N.
func slotName(base string, n int) string {
	if n == 1 {
		return base
	}
	return base + "." + strconv.Itoa(n)
}

// takeSlot locks the first free slot of the profile whose data dir is dir.
func takeSlot(dir string) (*slot, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for n := 1; n <= maxSlots; n++ {
		idFile := filepath.Join(dir, slotName(DeviceFile, n))
		f, err := os.OpenFile(idFile+".lock", os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o600)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			continue
		}
		return &slot{n: n, idFile: idFile, pickers: filepath.Join(dir, slotName(PickersFile, n)), lock: f}, nil
	}
	return nil, fmt.Errorf("%d headless commands of this profile already run (%s)", maxSlots, dir)
}

// others are the pickers files of the profile's other slots.
func (s *slot) others(dir string) []string {
	var out []string
	for n := 1; n <= maxSlots; n++ {
		if n != s.n {
			out = append(out, filepath.Join(dir, slotName(PickersFile, n)))
		}
	}
	return out
}

// release lets another command take the slot.
func (s *slot) release() { s.lock.Close() }
