package media

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a manual clock; each Now call returns a later instant, so every
// access gets a distinct time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

func newTestCache(t *testing.T, max int64) (*Cache, *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	c, err := NewCache(filepath.Join(t.TempDir(), "media"), max, WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	return c, clk
}

func put(t *testing.T, c *Cache, id string, size int) string {
	t.Helper()
	p, err := c.Put(id, id+".bin", strings.NewReader(strings.Repeat("x", size)))
	if err != nil {
		t.Fatalf("Put(%s): %v", id, err)
	}
	return p
}

func cached(c *Cache, ids ...string) string {
	var have []string
	for _, id := range ids {
		if c.Has(id) {
			have = append(have, id)
		}
	}
	return strings.Join(have, ",")
}

func TestCachePutHasPath(t *testing.T) {
	c, _ := newTestCache(t, 1000)
	if c.Has("md_1") {
		t.Fatal("empty cache has md_1")
	}
	if _, ok := c.Path("md_1"); ok {
		t.Fatal("Path of a missing id is ok")
	}
	p := put(t, c, "md_1", 10)
	if filepath.Base(p) != "md_1.bin" || !strings.HasPrefix(p, c.Dir()) {
		t.Fatalf("Put path = %s", p)
	}
	got, ok := c.Path("md_1")
	if !ok || got != p {
		t.Fatalf("Path = %s, %v; want %s", got, ok, p)
	}
	if b, _ := os.ReadFile(p); len(b) != 10 {
		t.Fatalf("content %d bytes", len(b))
	}
	if u, err := c.Usage(); err != nil || u != 10 {
		t.Fatalf("Usage = %d, %v", u, err)
	}
}

func TestCacheWireIDIsNotAPath(t *testing.T) {
	c, _ := newTestCache(t, 1000)
	p, err := c.Put("../../../etc/x", "../../passwd", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(c.Dir(), p)
	if err != nil || strings.HasPrefix(rel, "..") || filepath.Base(p) != "passwd" {
		t.Fatalf("entry stored at %s", p)
	}
}

func TestCacheReplaceKeepsOneFile(t *testing.T) {
	c, _ := newTestCache(t, 1000)
	put(t, c, "md_1", 10)
	p, err := c.Put("md_1", "renamed.txt", strings.NewReader("new"))
	if err != nil {
		t.Fatal(err)
	}
	if names := sortedNames(t, filepath.Dir(p)); len(names) != 1 || names[0] != "renamed.txt" {
		t.Fatalf("entry dir holds %v", names)
	}
	if u, _ := c.Usage(); u != 3 {
		t.Fatalf("Usage = %d, want 3", u)
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c, _ := newTestCache(t, 100)
	put(t, c, "a", 30)
	put(t, c, "b", 30)
	put(t, c, "c", 30)
	if err := c.Touch("a"); err != nil {
		t.Fatal(err)
	}
	put(t, c, "d", 30) // 120 > 100: b is the least recently used
	if got := cached(c, "a", "b", "c", "d"); got != "a,c,d" {
		t.Fatalf("after d: cached %s, want a,c,d", got)
	}
	if _, ok := c.Path("c"); !ok { // Path counts as a use
		t.Fatal("c missing")
	}
	put(t, c, "e", 60) // must drop a (oldest) and d, keep c
	if got := cached(c, "a", "b", "c", "d", "e"); got != "c,e" {
		t.Fatalf("after e: cached %s, want c,e", got)
	}
	if u, _ := c.Usage(); u > c.Max() {
		t.Fatalf("Usage %d over cap %d", u, c.Max())
	}
}

func TestCacheRefusesItemOverCap(t *testing.T) {
	c, _ := newTestCache(t, 100)
	put(t, c, "old", 50)
	_, err := c.Put("old", "big.bin", strings.NewReader(strings.Repeat("x", 101)))
	if !errors.Is(err, ErrTooLarge) || !strings.HasSuffix(err.Error(), "more than 100 B") {
		t.Fatalf("Put over cap: %v, want ErrTooLarge ending in \"more than 100 B\"", err)
	}
	if got := cached(c, "old"); got != "old" {
		t.Fatal("failed Put lost the previous content")
	}
	if names := sortedNames(t, c.Dir()); len(names) != 1 {
		t.Fatalf("temp file left behind: %v", names)
	}
	put(t, c, "exact", 100) // exactly the cap fits, evicting everything else
	if got := cached(c, "old", "exact"); got != "exact" {
		t.Fatalf("cached %s, want exact", got)
	}
}

func TestCacheEntryAbortAndCommit(t *testing.T) {
	c, _ := newTestCache(t, 100)
	e, err := c.Create("md_9", "clip.mp4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Write([]byte("partial")); err != nil {
		t.Fatal(err)
	}
	if c.Has("md_9") {
		t.Fatal("uncommitted entry visible")
	}
	if err := e.Abort(); err != nil {
		t.Fatal(err)
	}
	if names := sortedNames(t, c.Dir()); len(names) != 0 {
		t.Fatalf("Abort left %v", names)
	}
	if _, err := e.Write([]byte("x")); err == nil {
		t.Fatal("Write after Abort succeeded")
	}
	if _, err := e.Commit(); err == nil {
		t.Fatal("Commit after Abort succeeded")
	}
}

func TestCacheReopenRebuildsOrder(t *testing.T) {
	c, clk := newTestCache(t, 100)
	put(t, c, "a", 40)
	put(t, c, "b", 40)
	if err := c.Touch("a"); err != nil {
		t.Fatal(err)
	}
	// A smaller cap on reopen evicts from the mtimes alone: b is older.
	c2, err := NewCache(c.Dir(), 50, WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	if got := cached(c2, "a", "b"); got != "a" {
		t.Fatalf("after reopen: cached %s, want a", got)
	}
}

func TestCacheRemovesStaleLeftovers(t *testing.T) {
	c, clk := newTestCache(t, 100)
	put(t, c, "keep", 10)
	tmp := filepath.Join(c.Dir(), tempPrefix+"crashed")
	fresh := filepath.Join(c.Dir(), tempPrefix+"inflight")
	empty := filepath.Join(c.Dir(), "0123456789abcdef0123456789abcdef")
	for _, p := range []string{tmp, fresh} {
		if err := os.WriteFile(p, []byte("junk"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	old := clk.Now().Add(-2 * staleAge)
	for _, p := range []string{tmp, empty} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	recent := clk.Now()
	if err := os.Chtimes(fresh, recent, recent); err != nil {
		t.Fatal(err)
	}
	c2, err := NewCache(c.Dir(), 100, WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{tmp, empty} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("stale %s still there", filepath.Base(p))
		}
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("in-flight temp file removed: %v", err)
	}
	if !c2.Has("keep") {
		t.Error("entry lost on reopen")
	}
}

func TestCacheRemoveAndErrors(t *testing.T) {
	c, _ := newTestCache(t, 100)
	put(t, c, "a", 1)
	if err := c.Remove("a"); err != nil || c.Has("a") {
		t.Fatalf("Remove: %v, has=%v", err, c.Has("a"))
	}
	if err := c.Remove("never"); err != nil {
		t.Fatalf("Remove of missing id: %v", err)
	}
	if err := c.Touch("never"); err == nil {
		t.Fatal("Touch of missing id succeeded")
	}
	if _, err := NewCache(t.TempDir(), 0); err == nil {
		t.Fatal("NewCache with a zero cap succeeded")
	}
}

func TestCacheConcurrentPuts(t *testing.T) {
	c, _ := newTestCache(t, 1000)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := string(rune('a' + i%4))
			if _, err := c.Put(id, "f", strings.NewReader(strings.Repeat("y", 100))); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := cached(c, "a", "b", "c", "d"); got != "a,b,c,d" {
		t.Fatalf("cached %s", got)
	}
	if u, _ := c.Usage(); u != 400 {
		t.Fatalf("Usage = %d, want 400", u)
	}
}
