package media

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/adrg/xdg"
)

func TestSavePathCollisions(t *testing.T) {
	dir := t.TempDir()
	want := []string{"report.pdf", "report (1).pdf", "report (2).pdf", "report (3).pdf"}
	for _, w := range want {
		p, err := SavePath(dir, "report.pdf")
		if err != nil {
			t.Fatal(err)
		}
		if p != filepath.Join(dir, w) {
			t.Fatalf("SavePath = %s, want %s", p, w)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "x (1).tar.gz"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"x.tar.gz", "x (2).tar.gz"} {
		p, err := SavePath(dir, "x.tar.gz")
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(p) != w {
			t.Fatalf("x.tar.gz saved as %s, want %s", filepath.Base(p), w)
		}
	}
}

func TestSavePathNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(existing, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Save(dir, "notes.txt", strings.NewReader("new"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) != "notes (1).txt" {
		t.Fatalf("saved as %s", p)
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep me" {
		t.Fatalf("existing file changed to %q", b)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Fatalf("saved content %q", b)
	}
}

func TestSavePathTraversalStaysInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "downloads")
	for _, name := range []string{"../../etc/passwd", "../escape", `..\..\x`, "/abs/path", ".."} {
		p, err := SavePath(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(p) != dir {
			t.Errorf("SavePath(%q) = %s, outside %s", name, p, dir)
		}
	}
	des, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(des) != 1 || des[0].Name() != "downloads" {
		t.Fatalf("files escaped into %s: %v", root, des)
	}
}

func TestSavePathConcurrent(t *testing.T) {
	dir := t.TempDir()
	const n = 20
	paths := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = SavePath(dir, "same.png")
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, p := range paths {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if seen[p] {
			t.Fatalf("two saves got %s", p)
		}
		seen[p] = true
	}
	des, _ := os.ReadDir(dir)
	if len(des) != n {
		t.Fatalf("%d files, want %d", len(des), n)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection lost") }

func TestSaveRemovesPartialFile(t *testing.T) {
	dir := t.TempDir()
	_, err := Save(dir, "a.bin", failingReader{})
	if err == nil || !strings.Contains(err.Error(), "connection lost") {
		t.Fatalf("Save error = %v", err)
	}
	if des, _ := os.ReadDir(dir); len(des) != 0 {
		t.Fatalf("partial file left: %v", des)
	}
}

func TestSaveFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "cached")
	if err := os.WriteFile(src, []byte("bytes"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p, err := SaveFile(dir, "../clip.mp4", src)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); p != filepath.Join(dir, "clip.mp4") || string(b) != "bytes" {
		t.Fatalf("SaveFile = %s with %q", p, b)
	}
	if _, err := SaveFile(dir, "x", filepath.Join(dir, "missing")); err == nil {
		t.Fatal("SaveFile of a missing source succeeded")
	}
}

func TestSavePathUnwritableDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SavePath(filepath.Join(file, "sub"), "a.txt"); err == nil {
		t.Fatal("SavePath under a regular file succeeded")
	}
}

func TestDownloadDir(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_DOWNLOAD_DIR", filepath.Join(home, "dl"))
	t.Cleanup(xdg.Reload)
	xdg.Reload()
	if got := DownloadDir(); got != filepath.Join(home, "dl") {
		t.Errorf("DownloadDir with XDG_DOWNLOAD_DIR = %s", got)
	}
	t.Setenv("XDG_DOWNLOAD_DIR", "")
	xdg.Reload()
	if got := DownloadDir(); got != filepath.Join(home, "Downloads") {
		t.Errorf("DownloadDir fallback = %s", got)
	}
}

func sortedNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	sort.Strings(names)
	return names
}

func TestSavesAreOwnerOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	p, err := Save(dir, "a.txt", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, p: 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s is %v, want %v", path, fi.Mode().Perm(), want)
		}
	}
}
