package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenAppendCreatesPrivateAndRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenAppend(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("new\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if data, _ := os.ReadFile(path); string(data) != "old\nnew\n" {
		t.Fatalf("content %q", data)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode())
	}

	target := filepath.Join(dir, "victim")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if f, err := OpenAppend(link); err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		if f != nil {
			f.Close()
		}
		t.Fatalf("OpenAppend(link) = %v, want a symbolic link error", err)
	}
	if err := os.Symlink(filepath.Join(dir, "dangling"), filepath.Join(dir, "dangling-link")); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenAppend(filepath.Join(dir, "dangling-link")); err == nil {
		t.Fatal("OpenAppend followed a dangling link")
	}
	if _, err := os.Lstat(filepath.Join(dir, "dangling")); err == nil {
		t.Fatal("a dangling link's target was created")
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Fatalf("the link's target was written: %q", data)
	}
	if _, err := OpenAppend(dir); err == nil {
		t.Fatal("OpenAppend opened a directory")
	}
}

func TestPrivateFilesRefuseAnotherUsersFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "iris.log")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	me := currentUID()
	currentUID = func() int { return me + 1 }
	t.Cleanup(func() { currentUID = os.Geteuid })
	if _, err := OpenAppend(path); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Fatalf("OpenAppend(foreign file) = %v", err)
	}
	if err := CheckDir(dir); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Fatalf("CheckDir(foreign dir) = %v", err)
	}
}

func TestPrivateDirCreatesAndRefusesLinks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "state", "iris")
	if err := PrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); !st.IsDir() || st.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v", st.Mode())
	}
	elsewhere := t.TempDir()
	link := filepath.Join(root, "media")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	if err := PrivateDir(link); err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Fatalf("PrivateDir(link) = %v", err)
	}
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckDir(file); err == nil || !strings.Contains(err.Error(), "a regular file, not a directory") {
		t.Fatalf("CheckDir(file) = %v", err)
	}
}
