package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestLockHolderReadsProcLocks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		t.Fatal(err)
	}
	dev := uint64(st.Dev)
	id := fmt.Sprintf("%02x:%02x:%d", (dev>>8)&0xfff|(dev>>32)&^0xfff, dev&0xff|(dev>>12)&^0xff, st.Ino)
	locks := filepath.Join(dir, "locks")
	body := "1: FLOCK  ADVISORY  WRITE 77 00:01:1 0 EOF\n" +
		fmt.Sprintf("2: POSIX  ADVISORY  WRITE %d %s 1073741824 1073741824\n", os.Getpid(), id) + // this process: not another
		"3: OFDLCK ADVISORY  WRITE -1 " + id + " 0 EOF\n" + // no pid
		"4: POSIX  ADVISORY  READ 4242 " + id + " 1073741826 1073742335\n"
	if err := os.WriteFile(locks, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if pid := lockHolder(path, locks); pid != 4242 {
		t.Fatalf("lockHolder = %d, want 4242", pid)
	}
	if pid := lockHolder(path, filepath.Join(dir, "none")); pid != 0 {
		t.Fatalf("without a locks file: %d", pid)
	}
	err := error(&InUseError{Path: path, PID: 4242})
	if !errors.Is(err, ErrInUse) || err.Error() != path+": the store is in use by another Iris (process 4242)" {
		t.Fatalf("%v", err)
	}
}
