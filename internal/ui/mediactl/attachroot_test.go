package mediactl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/internal/ui/common"
)

// attached is the uploads the root was asked to add as chips.
func (r *root) attached() []string {
	var paths []string
	for _, a := range r.acts {
		if a, ok := a.(common.ActionAddAttachment); ok {
			paths = append(paths, a.Upload.Path)
		}
	}
	return paths
}

// lastError is the text of the last error status line, or "".
func (r *root) lastError() string {
	for i := len(r.infos) - 1; i >= 0; i-- {
		if r.infos[i].Level == common.LevelError {
			return r.infos[i].Text
		}
	}
	return ""
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestAttachOffRefusesWithItsReason: with attaching off no file becomes a
// chip, and the status line gives the reason set.
func TestAttachOffRefusesWithItsReason(t *testing.T) {
	r := newRoot(t, Options{AttachOff: "attaching is off on this server"})
	path := filepath.Join(t.TempDir(), "a.txt")
	writeFile(t, path, "aaa")
	r.update(Attach{Path: path})
	if got := r.attached(); len(got) != 0 {
		t.Fatalf("attached %v with attaching off", got)
	}
	if got := r.lastError(); got != "attach: attaching is off on this server" {
		t.Fatalf("error %q", got)
	}
}

// TestAttachRootConfinesPaths: under an attach root a relative path is
// the root's, a file under it attaches, and a file outside it, named
// directly or through a symbolic link inside the root, does not.
func TestAttachRootConfinesPaths(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, outside := filepath.Join(base, "root"), filepath.Join(base, "secret.txt")
	writeFile(t, filepath.Join(root, "docs", "in.txt"), "inside")
	writeFile(t, outside, "secret")
	if err := os.Symlink(outside, filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	r := newRoot(t, Options{AttachRoot: root})

	r.update(Attach{Path: "docs/in.txt"})
	if got := r.attached(); len(got) != 1 || got[0] != filepath.Join(root, "docs", "in.txt") {
		t.Fatalf("relative path under the root attached %v", got)
	}
	for _, path := range []string{outside, "link.txt", "../secret.txt"} {
		r.acts, r.infos = nil, nil
		r.update(Attach{Path: path})
		if got := r.attached(); len(got) != 0 {
			t.Errorf("%s: attached %v from outside the root", path, got)
		}
		if got := r.lastError(); !strings.Contains(got, "only files under "+root+" can be attached here") {
			t.Errorf("%s: error %q", path, got)
		}
	}
}

// TestAttachExpandsHome: without a root, "~/" is the home directory.
func TestAttachExpandsHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeFile(t, filepath.Join(home, "notes.txt"), "n")
	r := newRoot(t, Options{})
	r.update(Attach{Path: "~/notes.txt"})
	if got := r.attached(); len(got) != 1 || got[0] != filepath.Join(home, "notes.txt") {
		t.Fatalf("attached %v", got)
	}
}

// TestCompletionDirFollowsTheAttachLimits: /attach completion lists
// nothing when attaching is off, anything without a root, and only below
// the root when there is one.
func TestCompletionDirFollowsTheAttachLimits(t *testing.T) {
	off := newRoot(t, Options{AttachOff: "no"}).m
	if _, ok := off.CompletionDir("docs"); ok {
		t.Error("completion allowed with attaching off")
	}
	free := newRoot(t, Options{}).m
	if path, ok := free.CompletionDir("/etc"); !ok || path != "" {
		t.Errorf("without a root: %q, %v; want the dir itself", path, ok)
	}
	root := filepath.Join(t.TempDir(), "root")
	confined := newRoot(t, Options{AttachRoot: root}).m
	cases := []struct {
		dir  string
		want string
		ok   bool
	}{
		{"", root, true},
		{"docs", filepath.Join(root, "docs"), true},
		{filepath.Join(root, "docs"), filepath.Join(root, "docs"), true},
		{"..", "", false},
		{"docs/../../etc", "", false},
		{"/etc", "", false},
	}
	for _, tc := range cases {
		path, ok := confined.CompletionDir(tc.dir)
		if ok != tc.ok || (ok && filepath.Clean(path) != tc.want) {
			t.Errorf("CompletionDir(%q) = %q, %v; want %q, %v", tc.dir, path, ok, tc.want, tc.ok)
		}
	}
}
