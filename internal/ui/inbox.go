package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// openInbox opens the approval inbox (/pickers, or Alt+P when the focused
// lane has nothing waiting); with nothing waiting anywhere it says so.
func (c *pickerCtl) openInbox() tea.Cmd {
	if len(c.com.Store.AllPickers()) == 0 {
		return common.ReportInfo("no question is waiting")
	}
	c.scr.openDialog(dialog.NewInbox(c.com))
	return c.scr.clockTick() // ages and times left move on while it is open
}

// openPicker is the inbox's choice: the inbox closes, the picker's lane
// gets the focus and the picker the keyboard.
func (m *Model) openPicker(a common.ActionOpenPicker) tea.Cmd {
	m.dialogs.Remove(dialog.InboxID)
	m.scr.mark(needRedraw)
	if _, ok := session.PendingPicker(m.st, a.Lane, a.PickerID); !ok {
		return common.ReportInfo("that question is no longer waiting")
	}
	return m.focusPicker(a.Lane, a.PickerID)
}
