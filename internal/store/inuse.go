package store

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// InUseError is what Open returns when another process has the store open
// (errors.Is(err, ErrInUse)): the database file, and the process holding
// its lock when the system tells (PID 0 when it does not).
type InUseError struct {
	Path string
	PID  int
}

func (e *InUseError) Error() string {
	holder := "another Iris"
	if e.PID > 0 {
		holder = fmt.Sprintf("another Iris (process %d)", e.PID)
	}
	return fmt.Sprintf("%s: the store is in use by %s", e.Path, holder)
}

// Unwrap makes errors.Is(err, ErrInUse) hold.
func (e *InUseError) Unwrap() error { return ErrInUse }

// procLocks lists the file locks held on the system (Linux).
const procLocks = "/proc/locks"

// lockHolder returns the id of another process holding a lock on the file
// at path, read from locksFile (procLocks), or 0 when none is found there.
// It opens no descriptor on path: closing one would drop this process's
// own POSIX locks on it.
func lockHolder(path, locksFile string) int {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0
	}
	f, err := os.Open(locksFile)
	if err != nil {
		return 0
	}
	defer f.Close()
	// "1: POSIX  ADVISORY  WRITE 1234 fe:00:10103075 1073741826 1073742335":
	// the pid, then the device (major:minor, hex) and inode of the file.
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		pid, err := strconv.Atoi(fields[4])
		if err != nil || pid <= 0 || pid == os.Getpid() || !sameFile(fields[5], st) {
			continue
		}
		return pid
	}
	return 0
}

// sameFile reports whether a /proc/locks "major:minor:inode" names st.
func sameFile(id string, st syscall.Stat_t) bool {
	parts := strings.Split(id, ":")
	if len(parts) != 3 {
		return false
	}
	major, err1 := strconv.ParseUint(parts[0], 16, 32)
	minor, err2 := strconv.ParseUint(parts[1], 16, 32)
	inode, err3 := strconv.ParseUint(parts[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return false
	}
	dev := uint64(st.Dev)
	return inode == st.Ino && major == (dev>>8)&0xfff|(dev>>32)&^0xfff && minor == dev&0xff|(dev>>12)&^0xff
}
