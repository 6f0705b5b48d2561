package ui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// openLaneCmd reads lane l's stored items up to a page (see pages.go),
// then loads its newest history page unless it was loaded.
func (m *Model) openLaneCmd(l frame.Lane) tea.Cmd {
	return readPageCmd(m.st.OpenPage(l), pageOpen, m.newestCmd(l))
}

// newestCmd loads the newest history page of l unless it was loaded.
func (m *Model) newestCmd(l frame.Lane) tea.Cmd {
	if m.gw == nil || l.ChatID == "" || !m.link.online() {
		return nil
	}
	if ln := m.st.Lane(l); ln == nil || ln.HistoryLoaded {
		return nil
	}
	return m.historyCmd(l, &frame.HistoryRequest{Limit: session.HistoryPage})
}

// historyCmd asks for a history page of l (session.Engine.History); the
// answer comes back as a session.History.
func (m *Model) historyCmd(l frame.Lane, req *frame.HistoryRequest) tea.Cmd {
	return workCmd(m.eng.History(l, req))
}

func (m *Model) handleHistory(msg session.History) tea.Cmd {
	if msg.Err != nil {
		m.transcript.PageDone()
		return common.ReportError(fmt.Errorf("history: %w", msg.Err))
	}
	h, ok := msg.Resp.Payload.(*frame.History)
	if !ok {
		m.transcript.PageDone()
		return common.ReportError(fmt.Errorf("history: unexpected %q answer", msg.Resp.Type))
	}
	chg := m.st.ApplyHistory(msg.Lane, msg.Before, *h)
	chg.Lanes = appendLane(chg.Lanes, msg.Lane)
	cmd := m.applyChange(chg, nil)
	if msg.Lane == m.lane {
		m.transcript.PageDone()
		if len(h.Messages) > 0 { // an empty page never asks again (no request loop)
			// A page that does not fill the screen asks for the next one.
			cmd = tea.Batch(cmd, m.handleAction(m.transcript.LoadOlderIfAtTop()))
		}
	}
	if m.find.jumping != nil && m.find.jumping.lane == msg.Lane {
		cmd = tea.Batch(cmd, m.continueJump())
	}
	return cmd
}

// send delivers text typed in the composer to the focused lane. It is
// stored first, like every outgoing message, and flushOutgoing sends it:
// while the agent is busy it steers the running turn (STEER), waits for
// the next turn (QUEUE) or goes out at once for the gateway to decide
// (GATEWAY); otherwise it goes out as message.send.
func (m *Model) send(text string) tea.Cmd {
	l := m.lane
	if l.ChatID == "" {
		m.composer.SetValue(text) // typed text is never thrown away
		return common.ReportError(errors.New("no channel to send to yet: the gateway has not listed its channels; your message stays in the composer, press Enter again once connected"))
	}
	return m.held.Reduce(m.held.OnLane(l, func() tea.Cmd { return m.sendTo(l, text) }))
}

// sendTo stores text as a message to lane l through the engine
// (session.Engine.Send), once lane l's items are in memory, so that it
// goes after them.
func (m *Model) sendTo(l frame.Lane, text string) tea.Cmd {
	auto := m.autoThread && l.ThreadID == ""
	r, err := m.eng.Send(l, text, auto, m.busy())
	if err != nil {
		return common.ReportError(err)
	}
	if auto {
		m.autoThread = false
		m.composer.SetAutoThread(false)
	}
	if l == m.lane {
		m.transcript.ToBottom()
	}
	return m.run(r)
}

// busy is the busy-input setting as the engine reads it.
func (m *Model) busy() session.Busy {
	b := m.com.Settings.BusyInput
	return session.Busy{Steer: b == common.BusySteer, Wait: b != common.BusyGateway}
}

// resend puts the focused lane's failed and delivery-unknown messages back
// in the queue; the user asked, so a message of unknown fate may go twice.
func (m *Model) resend() tea.Cmd {
	r, n := m.eng.Resend(m.lane)
	if n == 0 {
		return common.ReportInfo("nothing to resend")
	}
	return m.run(r)
}

// flushOutgoing sends what the engine's queue policy lets go
// (session.Engine.Flush); the focused lane shows its "sending" marks at
// once.
func (m *Model) flushOutgoing() tea.Cmd {
	r := m.eng.Flush(m.busy())
	if r.Change.Has(m.lane) {
		m.transcript.Refresh()
		m.scr.mark(needRedraw)
	}
	r.Change = store.Change{} // delivery marks only: nothing else to hand on
	return m.run(r)
}

// handleSent marks a message by its message.send's answer (the engine)
// and follows the thread the gateway minted for it.
func (m *Model) handleSent(msg session.Sent) tea.Cmd {
	follow := m.followAutoThread(msg)
	return tea.Batch(m.run(m.eng.Handle(msg)), follow)
}

// followAutoThread opens the thread the gateway minted for a message sent
// with auto_thread (its echo names the thread), when the user is still in
// the channel it was sent from.
func (m *Model) followAutoThread(msg session.Sent) tea.Cmd {
	if !m.eng.AutoThread(msg.ClientMsgID) || msg.Err != nil || msg.Resp.Type != frame.TypeMessage {
		return nil
	}
	l := msg.Resp.Lane()
	if l.ThreadID == "" || l.ChatID != m.lane.ChatID || m.lane.ThreadID != "" {
		return nil
	}
	m.switchLane(l)
	return tea.Batch(m.openLaneCmd(l), m.pick.sync())
}

// stopFocused is the stop key and /stop: agent.stop when the focused
// lane's agent is busy.
func (m *Model) stopFocused() tea.Cmd {
	if ln := m.st.Lane(m.lane); ln == nil || !ln.Busy {
		return common.ReportInfo("the agent is not running here")
	}
	return m.stopAgent()
}

// stopAgent sends agent.stop for the focused lane (session.Engine.Stop).
func (m *Model) stopAgent() tea.Cmd {
	if m.gw == nil {
		return nil
	}
	return m.run(m.eng.Stop(m.lane))
}

func appendLane(ls []frame.Lane, l frame.Lane) []frame.Lane {
	for _, x := range ls {
		if x == l {
			return ls
		}
	}
	return append(ls, l)
}
