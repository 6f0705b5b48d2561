package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
)

// connDetail shows the whole error of the last failed connection attempt,
// wrapped in a notice: the status bar would cut it at its width.
func (m *Model) connDetail() tea.Cmd {
	if m.connErr == nil || m.conn == common.ConnOnline {
		return common.ReportInfo("connected: no connection error")
	}
	m.scr.openDialog(dialog.NewNotice(m.com, "Last connection error", m.connErr.Error()))
	return nil
}
