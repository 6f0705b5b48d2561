package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// handleChannelCreated adds the channel or thread the gateway created for
// the channel menu (session.Engine.CreateChannel) to the directory (the
// same channel.created may also arrive as an event; applying it twice is
// harmless) and switches to it.
func (m *Model) handleChannelCreated(msg session.ChannelCreated) tea.Cmd {
	cmd := m.handleFrame(frame.Frame{Type: frame.TypeChannelCreated, Payload: msg.Channel})
	return tea.Batch(cmd, m.handleAction(common.ActionOpenLane{Lane: msg.Channel.Lane()}))
}
