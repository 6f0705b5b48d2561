// Package safefile reads small local files named by the user (a token file,
// the config file, a CA bundle) without the traps of os.ReadFile: it never
// blocks on a FIFO with no writer, never reads a device such as /dev/zero,
// and never reads more than a cap. It also opens the files Iris keeps for
// itself (the audit log, the log file, the media cache) without following
// symbolic links and only when they belong to the user (see OpenAppend and
// PrivateDir).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package safefile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Read reads the regular file at path, refusing one larger than max bytes.
// It opens the file with O_NONBLOCK, so opening a FIFO that has no writer
// returns at once instead of blocking, and it refuses anything fstat does
// not call a regular file (a FIFO, a device, a socket, a directory) without
// reading from it.
func Read(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file", path, kind(st.Mode()))
	}
	if st.Size() > max {
		return nil, tooLarge(path, max)
	}
	// The size can change after fstat, and some files (/proc) report 0:
	// read one byte past the cap to notice.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

func tooLarge(path string, max int64) error {
	return fmt.Errorf("%s is larger than %s", path, SizeLabel(max))
}

// SizeLabel writes a cap in KiB or MiB.
func SizeLabel(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// kind names a file type that is not a regular file, for errors.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}
