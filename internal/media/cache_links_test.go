package media

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A link planted in the cache, for its root or for an entry, is never
// followed: nothing is written through it and nothing behind it is served.
func TestCacheRefusesSymbolicLinks(t *testing.T) {
	elsewhere := t.TempDir()
	root := filepath.Join(t.TempDir(), "media")
	if err := os.Symlink(elsewhere, root); err != nil {
		t.Fatal(err)
	}
	if _, err := NewCache(root, 1000); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("NewCache(link) = %v, want a refusal", err)
	}

	c, _ := newTestCache(t, 1000)
	planted := c.entryDir("md_1")
	if err := os.WriteFile(filepath.Join(elsewhere, "secret.txt"), []byte("not media"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, planted); err != nil {
		t.Fatal(err)
	}
	if p, ok := c.Path("md_1"); ok {
		t.Fatalf("Path served %s through a planted link", p)
	}
	if _, err := c.Put("md_1", "photo.png", strings.NewReader("png")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Put through a planted link = %v, want a refusal", err)
	}
	if des, _ := os.ReadDir(elsewhere); len(des) != 1 {
		t.Fatalf("the link's target was written: %v", des)
	}
}
