package composer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/ui/common"
)

// TestReboundKeysDriveComposerHints rebinds send and newline through the
// configuration: the placeholder and the busy hint name the new keys, and
// the old send key no longer sends while the new one does.
func TestReboundKeysDriveComposerHints(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	com.KeyMap = keymaptest.FromConfig(t, `
"composer.send" = ["ctrl+s"]
"composer.newline" = ["enter", "ctrl+j"]
`)
	m := New(com)
	m.SetSize(80, 0)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "(ctrl+s send · enter newline)") {
		t.Fatalf("the placeholder does not follow the keys:\n%s", v)
	}
	m.SetBusy(true, 0)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "ctrl+s steers the running turn") || strings.Contains(v, "enter steers") {
		t.Fatalf("the busy hint does not follow the keys:\n%s", v)
	}
	for _, k := range []tea.KeyPressMsg{{Code: 'h', Text: "h"}, {Code: tea.KeyEnter}, {Code: 'i', Text: "i"}} {
		if act, _ := m.Update(k); act != nil {
			t.Fatalf("%s acted: %#v", k, act)
		}
	}
	if m.Value() != "h\ni" {
		t.Fatalf("the old send key did not become a newline: %q", m.Value())
	}
	if act, _ := m.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}); act != (common.ActionSend{Text: "h\ni"}) {
		t.Fatalf("the new send key gave %#v", act)
	}
}
