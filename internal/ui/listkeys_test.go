package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/ui/dialog"
)

// TestWheelMovesTheOpenDialogsList: the mouse wheel moves the highlight of
// the list in the open dialog (the channel switcher here), as the arrows do,
// and leaves the transcript alone.
func TestWheelMovesTheOpenDialogsList(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.key('k', tea.ModCtrl)
	sw, ok := h.m.dialogs.Top().(*dialog.Switcher)
	if !ok {
		t.Fatal("ctrl+k did not open the switcher")
	}
	matches := sw.Matches()
	if len(matches) < 3 {
		t.Fatalf("matches %v", matches)
	}
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	h.key(tea.KeyEnter, 0)
	if h.m.DialogOpen() != "" {
		t.Fatalf("dialog %q still open", h.m.DialogOpen())
	}
	h.mustShow("# " + matches[1])
}

// TestReboundSendKeyInStatusMessages: the status messages that name the
// send key follow a [keys] override.
func TestReboundSendKeyInStatusMessages(t *testing.T) {
	km := keymaptest.FromConfig(t, `"composer.send" = ["ctrl+s"]`)
	h := newHarness(t, 120, 40, func(o *Options) { o.KeyMap = &km })
	h.online()
	h.key('t', tea.ModCtrl)
	h.mustShow("while busy: ctrl+s waits for the next turn (QUEUE)")
	h.mustNotShow("enter waits")
}
