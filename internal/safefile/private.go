package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// currentUID is the user Iris's own files must belong to (a test swaps it
// to see its own files as another user's).
var currentUID = os.Geteuid

// OpenAppend opens Iris's own file at path (the audit log, the log file)
// for appending, creating it with mode 0600. It never follows a symbolic
// link at path (O_NOFOLLOW: a link planted there could make Iris write into
// any file it may write), and refuses a file that is not a regular file or
// belongs to another user. An older file created looser is set to 0600.
func OpenAppend(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o600)
	if errors.Is(err, syscall.ELOOP) {
		return nil, symlinkError(path)
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = checkOwned(path, st)
	}
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is %s, not a regular file", path, kind(st.Mode()))
	}
	if err == nil {
		err = f.Chmod(0o600)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// PrivateDir creates dir and its parents (mode 0700) if missing, and
// checks it with CheckDir.
func PrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return CheckDir(dir)
}

// CheckDir reports an error unless dir itself (not a link to it) is a
// directory owned by this user: Iris keeps its own files only there. Links
// among dir's parents are the user's choice and are followed.
func CheckDir(dir string) error {
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return symlinkError(dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is %s, not a directory", dir, kind(st.Mode()))
	}
	return checkOwned(dir, st)
}

// checkOwned refuses a file or directory that belongs to another user.
func checkOwned(path string, st fs.FileInfo) error {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if uid := currentUID(); int(sys.Uid) != uid {
		return fmt.Errorf("%s belongs to another user (uid %d, not %d): Iris uses only its own files; remove it or fix its owner", path, sys.Uid, uid)
	}
	return nil
}

func symlinkError(path string) error {
	return fmt.Errorf("%s is a symbolic link: Iris does not follow links for its own files; remove it", path)
}
