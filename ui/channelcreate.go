package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/ui/common"
)

// channelCreatedMsg is the gateway's answer to a channel.create the user
// asked for in the channel menu.
type channelCreatedMsg struct {
	resp frame.Frame
	err  error
	name string // the name the user typed
}

// createChannel sends channel.create; the answer opens the new channel or
// thread (handleChannelCreated).
func (m *Model) createChannel(f frame.Frame) tea.Cmd {
	return requestCmd(m.gw, m.opts.RequestTimeout, f, func(resp frame.Frame, err error) tea.Msg {
		return channelCreatedMsg{resp: resp, err: err, name: session.TypedText(f)}
	})
}

// handleChannelCreated adds the new entry to the directory (the same
// channel.created may also arrive as an event; applying it twice is
// harmless) and switches to it.
func (m *Model) handleChannelCreated(msg channelCreatedMsg) tea.Cmd {
	if msg.err != nil {
		return noticeCmd(session.Failed{What: frame.TypeChannelCreate, Err: msg.err, Text: msg.name}.Notice())
	}
	ch, ok := msg.resp.Payload.(*frame.Channel)
	if !ok || ch.ChatID == "" {
		return nil
	}
	cmd := m.handleFrame(frame.Frame{Type: frame.TypeChannelCreated, Payload: ch})
	return tea.Batch(cmd, m.handleAction(common.ActionOpenLane{Lane: ch.Lane()}))
}
