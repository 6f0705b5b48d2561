package logs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/hermes/iris/internal/safefile"
)

// RotatingWriter appends to a file and rotates it by size: when a write
// would take the file past MaxSize, path becomes path.1, path.1 becomes
// path.2 and so on, keeping Files files in all. It is safe for concurrent
// use; each Write lands whole in one file.
type RotatingWriter struct {
	mu      sync.Mutex
	path    string
	maxSize int64
	files   int
	f       *os.File
	size    int64
}

// NewRotatingWriter opens (creating, mode 0600, directory 0700) the file at
// path for appending; a symbolic link or another user's file or directory
// there is refused (see safefile). maxSize is in bytes; files counts the current file,
// so files = 3 keeps path, path.1 and path.2.
func NewRotatingWriter(path string, maxSize int64, files int) (*RotatingWriter, error) {
	if maxSize <= 0 || files < 1 {
		return nil, fmt.Errorf("log rotation needs maxSize > 0 and files >= 1, got %d and %d", maxSize, files)
	}
	if err := safefile.PrivateDir(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("log directory: %w", err)
	}
	w := &RotatingWriter{path: path, maxSize: maxSize, files: files}
	if err := w.open(); err != nil {
		return nil, err
	}
	return w, nil
}

// Write appends p, rotating first if p would not fit. A single write larger
// than maxSize goes whole into a fresh file.
func (w *RotatingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return 0, os.ErrClosed
	}
	if w.size > 0 && w.size+int64(len(p)) > w.maxSize {
		if err := w.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := w.f.Write(p)
	w.size += int64(n)
	return n, err
}

// Close closes the current file; later writes fail with os.ErrClosed.
func (w *RotatingWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}

// open opens the current file for appending and learns its size.
func (w *RotatingWriter) open() error {
	f, err := safefile.OpenAppend(w.path)
	if err != nil {
		return fmt.Errorf("open log: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("open log: %w", err)
	}
	w.f, w.size = f, st.Size()
	return nil
}

// rotate shifts the numbered files up by one, dropping the oldest, and
// starts a new current file.
func (w *RotatingWriter) rotate() error {
	if err := w.f.Close(); err != nil {
		return fmt.Errorf("rotate log: %w", err)
	}
	w.f = nil
	for i := w.files - 1; i >= 1; i-- {
		if err := os.Rename(w.name(i-1), w.name(i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("rotate log: %w", err)
		}
	}
	if w.files == 1 {
		if err := os.Remove(w.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("rotate log: %w", err)
		}
	}
	return w.open()
}

// name is the path of the i-th file: the current one for 0, path.i after.
func (w *RotatingWriter) name(i int) string {
	if i == 0 {
		return w.path
	}
	return fmt.Sprintf("%s.%d", w.path, i)
}
