package media

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hermes/iris/internal/safefile"
)

// Entry is a cache item being written, e.g. the io.Writer handed to
// wsclient's Pull. Finish it with Commit, or Abort on any error.
type Entry struct {
	c    *Cache
	id   string
	name string
	f    *os.File
	n    int64
	done bool
}

// Create starts writing id's content under the wire filename name. Nothing
// is visible in the cache until Commit.
func (c *Cache) Create(id, name string) (*Entry, error) {
	f, err := os.CreateTemp(c.dir, tempPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("media cache: %w", err)
	}
	return &Entry{c: c, id: id, name: SafeFileName(name), f: f}, nil
}

// Write appends to the entry. Going over the cache's cap fails with
// ErrTooLarge before anything past the cap is written.
func (e *Entry) Write(p []byte) (int, error) {
	if e.done {
		return 0, errors.New("media cache: write to a finished entry")
	}
	if e.n+int64(len(p)) > e.c.max {
		return 0, fmt.Errorf("media cache: %w: more than %s", ErrTooLarge, SizeLabel(e.c.max))
	}
	n, err := e.f.Write(p)
	e.n += int64(n)
	return n, err
}

// Commit makes the entry visible under id atomically (replacing any previous
// content), marks it as just used, evicts least recently used entries down to
// the cap, and returns the cached file's path.
func (e *Entry) Commit() (string, error) {
	if e.done {
		return "", errors.New("media cache: entry already finished")
	}
	e.done = true
	if err := e.f.Close(); err != nil {
		_ = os.Remove(e.f.Name())
		return "", fmt.Errorf("media cache: %w", err)
	}
	c := e.c
	c.mu.Lock()
	defer c.mu.Unlock()
	dir := c.entryDir(e.id)
	dst := filepath.Join(dir, e.name)
	if err := e.install(dir, dst); err != nil {
		_ = os.Remove(e.f.Name())
		return "", err
	}
	if err := c.evict(dir); err != nil {
		return "", err
	}
	return dst, nil
}

// install renames the temp file to dst, stamps its access time and removes
// an older version stored under another name. Callers hold c.mu.
func (e *Entry) install(dir, dst string) error {
	if err := safefile.PrivateDir(dir); err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	if err := os.Rename(e.f.Name(), dst); err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	if err := e.c.touchFile(dst); err != nil {
		return err
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	for _, de := range des {
		if de.Name() != e.name {
			_ = os.RemoveAll(filepath.Join(dir, de.Name()))
		}
	}
	return nil
}

// Abort discards the entry. It is safe to call after Commit (a no-op then).
func (e *Entry) Abort() error {
	if e.done {
		return nil
	}
	e.done = true
	_ = e.f.Close()
	if err := os.Remove(e.f.Name()); err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	return nil
}
