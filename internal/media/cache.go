package media

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/adrg/xdg"

	"github.com/hermes/iris/internal/safefile"
)

// DefaultCacheMax is the default size cap of the media cache (512 MiB).
const DefaultCacheMax int64 = 512 << 20

// Leftovers of a crashed writer (temp files, empty entry directories) older
// than staleAge are removed when a cache is opened.
const staleAge = time.Hour

// tempPrefix names in-progress writes in the cache root.
const tempPrefix = ".put-"

// ErrTooLarge is returned (wrapped) when an item does not fit in the cache.
var ErrTooLarge = errors.New("too large for the media cache")

// DefaultCacheDir is $XDG_CACHE_HOME/iris/media.
func DefaultCacheDir() string {
	return filepath.Join(xdg.CacheHome, "iris", "media")
}

// Cache is a size-capped on-disk media cache keyed by media_id with
// least-recently-used eviction.
//
// Layout: each entry is a directory named by a hash of the media_id (wire ids
// never become paths) holding one file under its SafeFileName, so the system
// opener sees a real name and extension. There is no index file: the state
// is rebuilt from the directory on every eviction, and an entry's last access
// is its file's modification time, set on Put and on Touch. Nothing can get
// out of sync after a crash, and a directory scan per Put is cheap for a
// capped cache. Writes go to a temp file in the cache root and are renamed
// into place, so readers never see a partial file.
//
// A Cache is safe for concurrent use by the goroutines of one process.
type Cache struct {
	dir string
	max int64
	now func() time.Time
	mu  sync.Mutex
}

// CacheOption configures NewCache.
type CacheOption func(*Cache)

// WithClock sets the clock used for access times (tests inject one).
func WithClock(now func() time.Time) CacheOption {
	return func(c *Cache) { c.now = now }
}

// NewCache opens (creating it 0700 if needed) the cache in dir with a cap of
// maxBytes, removes stale leftovers and evicts down to the cap. A dir that
// is a symbolic link or belongs to another user is refused.
func NewCache(dir string, maxBytes int64, opts ...CacheOption) (*Cache, error) {
	if maxBytes <= 0 {
		return nil, fmt.Errorf("media cache: size cap must be positive, got %d", maxBytes)
	}
	c := &Cache{dir: dir, max: maxBytes, now: time.Now}
	for _, o := range opts {
		o(c)
	}
	if err := safefile.PrivateDir(dir); err != nil {
		return nil, fmt.Errorf("media cache: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.removeStale(); err != nil {
		return nil, err
	}
	if err := c.evict(""); err != nil {
		return nil, err
	}
	return c, nil
}

// Dir is the cache's root directory.
func (c *Cache) Dir() string { return c.dir }

// Max is the cache's size cap in bytes.
func (c *Cache) Max() int64 { return c.max }

// entryDir is the directory of id's entry.
func (c *Cache) entryDir(id string) string {
	sum := sha256.Sum256([]byte(id))
	return filepath.Join(c.dir, hex.EncodeToString(sum[:16]))
}

// Has reports whether id is cached. It does not count as an access.
func (c *Cache) Has(id string) bool {
	_, _, err := entryFile(c.entryDir(id))
	return err == nil
}

// Path returns the file of a cached id and marks it used (see Touch); ok is
// false when id is not cached.
func (c *Cache) Path(id string) (path string, ok bool) {
	p, _, err := entryFile(c.entryDir(id))
	if err != nil {
		return "", false
	}
	_ = c.touchFile(p)
	return p, true
}

// Touch marks id as just used, moving it to the back of the eviction order.
func (c *Cache) Touch(id string) error {
	p, _, err := entryFile(c.entryDir(id))
	if err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	return c.touchFile(p)
}

func (c *Cache) touchFile(p string) error {
	t := c.now()
	if err := os.Chtimes(p, t, t); err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	return nil
}

// Put stores everything read from r as id's content under the wire filename
// name and returns the cached file's path. Items larger than the cap fail
// with ErrTooLarge; the previous content of id, if any, is then kept.
func (c *Cache) Put(id, name string, r io.Reader) (string, error) {
	e, err := c.Create(id, name)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(e, r); err != nil {
		_ = e.Abort()
		return "", fmt.Errorf("media cache: %w", err)
	}
	return e.Commit()
}

// Remove deletes id's entry; a missing entry is not an error.
func (c *Cache) Remove(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := os.RemoveAll(c.entryDir(id)); err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	return nil
}

// Usage is the total size of the cached files in bytes.
func (c *Cache) Usage() (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	items, err := c.scan()
	var total int64
	for _, it := range items {
		total += it.size
	}
	return total, err
}

// entryFile finds the one regular file in an entry directory; a link
// planted in place of the directory is not followed.
func entryFile(dir string) (string, os.FileInfo, error) {
	if err := safefile.CheckDir(dir); err != nil {
		return "", nil, err
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, err
	}
	for _, de := range des {
		if !de.Type().IsRegular() {
			continue
		}
		fi, err := de.Info()
		if err != nil {
			continue
		}
		return filepath.Join(dir, de.Name()), fi, nil
	}
	return "", nil, os.ErrNotExist
}

// item is one entry as seen by a scan.
type item struct {
	dir   string
	size  int64
	atime time.Time
}

// scan lists the complete entries of the cache.
func (c *Cache) scan() ([]item, error) {
	des, err := os.ReadDir(c.dir)
	if err != nil {
		return nil, fmt.Errorf("media cache: %w", err)
	}
	var items []item
	for _, de := range des {
		if !de.IsDir() {
			continue
		}
		dir := filepath.Join(c.dir, de.Name())
		if _, fi, err := entryFile(dir); err == nil {
			items = append(items, item{dir: dir, size: fi.Size(), atime: fi.ModTime()})
		}
	}
	return items, nil
}

// evict removes least recently used entries, never keep, until the total is
// within the cap. Callers hold c.mu.
func (c *Cache) evict(keep string) error {
	items, err := c.scan()
	if err != nil {
		return err
	}
	sort.Slice(items, func(i, j int) bool {
		if !items[i].atime.Equal(items[j].atime) {
			return items[i].atime.Before(items[j].atime)
		}
		return items[i].dir < items[j].dir
	})
	var total int64
	for _, it := range items {
		total += it.size
	}
	for _, it := range items {
		if total <= c.max {
			break
		}
		if it.dir == keep {
			continue
		}
		if err := os.RemoveAll(it.dir); err != nil {
			return fmt.Errorf("media cache: evict: %w", err)
		}
		total -= it.size
	}
	return nil
}

// removeStale deletes old temp files and empty entry directories left by a
// crashed writer. Callers hold c.mu.
func (c *Cache) removeStale() error {
	des, err := os.ReadDir(c.dir)
	if err != nil {
		return fmt.Errorf("media cache: %w", err)
	}
	cutoff := c.now().Add(-staleAge)
	for _, de := range des {
		fi, err := de.Info()
		if err != nil || !fi.ModTime().Before(cutoff) {
			continue
		}
		p := filepath.Join(c.dir, de.Name())
		switch {
		case strings.HasPrefix(de.Name(), tempPrefix):
			_ = os.Remove(p)
		case de.IsDir():
			if _, _, err := entryFile(p); err != nil {
				_ = os.RemoveAll(p)
			}
		}
	}
	return nil
}
