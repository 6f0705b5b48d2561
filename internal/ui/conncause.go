package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// detail shows the whole error of the last failed connection attempt,
// wrapped in a notice: the status bar would cut it at its width.
func (c *connection) detail() tea.Cmd {
	if c.err == nil || c.online() {
		return common.ReportInfo("connected: no connection error")
	}
	c.scr.openDialog(dialog.NewNotice(c.com, "Last connection error", c.err.Error()))
	return nil
}
