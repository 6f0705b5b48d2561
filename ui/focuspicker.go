package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/wsclient/frame"
)

// focusPicker switches to lane l and puts its pending picker on screen
// (the lane's first; pickers of a lane are answered in order). The
// approvals branch brings a focusPicker of its own that also hands picker
// id the keyboard; it replaces this file when the branches meet.
func (m *Model) focusPicker(l frame.Lane, id string) tea.Cmd {
	var cmds []tea.Cmd
	if l != m.lane {
		m.switchLane(l)
		cmds = append(cmds, m.openLaneCmd(l))
	}
	m.revealPickers(l)
	return tea.Batch(append(cmds, m.syncPicker())...)
}
