package sidebar

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/ui/common"
)

// TestReboundSidebarKeys rebinds the sidebar's keys through the
// configuration: the old keys no longer move or open, the new ones do.
func TestReboundSidebarKeys(t *testing.T) {
	m := testSidebar(t)
	m.com.KeyMap = keymaptest.FromConfig(t, `
"sidebar.up" = ["ctrl+u"]
"sidebar.down" = ["ctrl+d"]
"sidebar.open" = ["o"]
`)
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyDown}, {Code: 'j', Text: "j"}, {Code: tea.KeyEnter}} {
		if act, _ := m.Update(k); act != nil || m.Highlighted() != (frame.Lane{ChatID: "d"}) {
			t.Fatalf("the old key %s still acts", k)
		}
	}
	m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if act, _ := m.Update(tea.KeyPressMsg{Code: 'o', Text: "o"}); act != (common.ActionOpenLane{Lane: frame.Lane{ChatID: "c"}}) {
		t.Fatalf("the new keys opened %#v", act)
	}
}
