package drawer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

func TestAttachPathCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"file.txt", "figure.png", ".secret"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
	base := AttachCommand + " " + dir + "/"

	act := d.SetText(base)
	ask, ok := act.(common.ActionListDir)
	if !ok || ask.Dir != dir+"/" {
		t.Fatalf("SetText(%q) = %#v, want a listing of %s/", base, act, dir)
	}
	d.SetPaths(PathsMsg{Dir: "/elsewhere/", Names: []string{"nope"}}) // stale: ignored
	if len(d.Matches()) != 0 {
		t.Fatalf("a listing for another directory was used: %v", d.Matches())
	}
	d.SetPaths(ListDir(ask.Dir, "")().(PathsMsg))
	if got := strings.Join(d.Matches(), ","); got != base+"figure.png,"+base+"file.txt,"+base+"sub/" {
		t.Fatalf("matches = %s", got)
	}

	if act := d.SetText(base + "fil"); act != nil {
		t.Fatalf("the same directory was listed again: %#v", act)
	}
	if got := d.Matches(); len(got) != 1 || got[0] != base+"file.txt" {
		t.Fatalf("matches for fil = %v", got)
	}
	d.SetText(base + ".s")
	if got := d.Matches(); len(got) != 1 || got[0] != base+".secret" {
		t.Fatalf("hidden files once a dot is typed: %v", got)
	}

	if act, ok := d.SetText(base + "sub/").(common.ActionListDir); !ok || act.Dir != dir+"/sub/" {
		t.Fatalf("entering sub/ asks %#v", act)
	}
	if d.SetText("/search "+dir+"/") != nil {
		t.Fatal("another command's argument asked for a listing")
	}
}

func TestCompletionRefusesControlCharacters(t *testing.T) {
	d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
	base := AttachCommand + " /tmp/"
	d.SetText(base)
	d.SetPaths(PathsMsg{Dir: "/tmp/", Names: []string{"evil\u202Etxt.exe", "tab\there"}})
	if !d.Open() || len(d.Matches()) != 2 {
		t.Fatalf("open %v, matches %q", d.Open(), d.Matches())
	}
	for range 2 {
		act, cmd := d.Update(keyTab)
		if act != nil {
			t.Fatalf("Tab completed a name with a control character: %#v", act)
		}
		info, ok := cmd().(common.InfoMsg)
		if !ok || info.Level != common.LevelError || !strings.Contains(info.Text, "alt+a") ||
			strings.ContainsAny(info.Text, "\u202E\t") {
			t.Fatalf("Tab reported %#v", info)
		}
		d.Update(keyDown)
	}
	if v := d.View(); strings.ContainsAny(v, "\u202E\t") {
		t.Fatalf("the drawer shows a raw control character:\n%s", v)
	}
}
