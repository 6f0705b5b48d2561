package drawer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// TestReboundKeysDriveTheDrawer rebinds the drawer's keys through the
// configuration: its hint names the new keys, and the old ones no longer
// move, complete or close it while the new ones do.
func TestReboundKeysDriveTheDrawer(t *testing.T) {
	d := newDrawer(t, themes.Dark, nil)
	d.com.KeyMap = keymaptest.FromConfig(t, `
"picker.up" = ["ctrl+u"]
"picker.down" = ["ctrl+d"]
"picker.close" = ["ctrl+w"]
"composer.complete" = ["ctrl+t"]
"composer.send" = ["ctrl+s"]
"global.search" = ["alt+s"]
"transcript.view" = ["V"]
`)
	d = New(d.com)
	d.SetSize(80, 20)
	d.SetText("/s")
	view := ansi.Strip(d.View())
	if !strings.Contains(view, "ctrl+t complete · ctrl+s send · ctrl+w close") || strings.Contains(view, "tab complete") {
		t.Fatalf("the hint does not follow the keys:\n%s", view)
	}
	if !strings.Contains(view, "Search messages (Alt+S)") || strings.Contains(view, "Ctrl+F") {
		t.Fatalf("/search does not name its rebound key:\n%s", view)
	}
	d.SetText("/vie")
	if view := ansi.Strip(d.View()); !strings.Contains(view, "(V: the sele") {
		t.Fatalf("/view does not name its rebound key:\n%s", view)
	}
	d.SetText("/s")
	first := d.Highlighted()
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyDown}, {Code: tea.KeyTab}, {Code: tea.KeyEscape}} {
		if d.Wants(k) {
			t.Errorf("the drawer still wants the old key %s", k)
		}
		if act, _ := d.Update(k); act != nil || !d.Open() || d.Highlighted() != first {
			t.Errorf("the old key %s still acts", k)
		}
	}
	down := tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	if !d.Wants(down) {
		t.Fatal("the drawer does not want the new down key")
	}
	d.Update(down)
	if d.Highlighted() == first {
		t.Fatal("the new down key did not move the highlight")
	}
	if act, _ := d.Update(tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl}); act == nil {
		t.Fatal("the new complete key did not complete")
	} else if _, ok := act.(common.ActionComplete); !ok {
		t.Fatalf("complete gave %#v", act)
	}
	d.Update(tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl})
	if d.Open() {
		t.Fatal("the new close key did not close the drawer")
	}
}
