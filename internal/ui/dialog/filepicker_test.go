package dialog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/themes"
)

func TestFilePickerTitleShowsTheDirectory(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	work := filepath.Join(home, "pro\u202Ejects", "sub")
	outside := t.TempDir()
	for _, d := range []string{work, outside} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ cwd, dir, wantDir, wantShown string }{
		{work, ".", work, "~/pro\uFFFDjects/sub"}, // bidi override shown, not obeyed
		{home, ".", home, "~"},
		{work, outside, outside, outside},
	}
	for _, tt := range tests {
		t.Chdir(tt.cwd)
		d, _ := NewFilePicker(testCom(t, themes.Dark), tt.dir, "")
		d.SetSize(200, 30)
		if d.Dir() != tt.wantDir {
			t.Fatalf("Dir() = %q, want %q", d.Dir(), tt.wantDir)
		}
		v := d.View()
		if !strings.Contains(v, tt.wantShown) || strings.Contains(v, "\u202E") {
			t.Fatalf("view lacks %q or holds U+202E:\n%s", tt.wantShown, v)
		}
	}

	// From the working directory, ← goes up (it could not from ".").
	t.Chdir(work)
	d, _ := NewFilePicker(testCom(t, themes.Dark), ".", "")
	d.Update(press("left"))
	if want := filepath.Dir(work); d.Dir() != want {
		t.Fatalf("after ←, Dir() = %q, want %q", d.Dir(), want)
	}
}

func TestFilePickerStopsAtItsRoot(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	d, _ := NewFilePicker(testCom(t, themes.Dark), sub, root)
	d.Update(press("left"))
	if d.Dir() != root {
		t.Fatalf("after ← from sub, Dir() = %q, want %q", d.Dir(), root)
	}
	d.Update(press("left"))
	if d.Dir() != root {
		t.Fatalf("← left the root for %q", d.Dir())
	}
}

// TestFilePickerSizesLikeTheChips: a directory ends in "/" without a size,
// a file's size is written as on its chip.
func TestFilePickerSizesLikeTheChips(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "src"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), make([]byte, 6350), 0o600); err != nil {
		t.Fatal(err)
	}
	d, cmd := NewFilePicker(testCom(t, themes.Dark), dir, "")
	d.SetSize(120, 30)
	d.Update(cmd())
	v := ansi.Strip(d.View())
	if !strings.Contains(v, "src/") || !strings.Contains(v, "notes.txt  6.2 KiB") {
		t.Fatalf("listing:\n%s", v)
	}
	if strings.Contains(v, "kB") {
		t.Fatalf("the listing's own size format is left:\n%s", v)
	}
}
