package ui

import (
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/mediactl"
	"github.com/hermes/iris/ui/statusbar"
	"github.com/hermes/iris/wsclient"
)

// bannerTTL is how long a notification banner stays.
const bannerTTL = 8 * time.Second

// handleFrame applies one live frame of a kind that never needs the
// database read first (hello.ack, sync.done, channel.created); frames from
// the gateway's stream go through reduce (inbound.go).
func (m *Model) handleFrame(f frame.Frame) tea.Cmd {
	_, cmd := m.applyFrames([]frame.Frame{f}, nil, true)
	return cmd
}

// applyChange hands a store change to the children and starts what follows
// from it (queued sends, read receipts, banners, animation).
func (m *Model) applyChange(chg store.Change, frames []frame.Frame) tea.Cmd {
	var cmds []tea.Cmd
	if m.sidebar.ApplyChange(chg) {
		if l := m.st.DefaultLane(); m.lane.ChatID == "" && l.ChatID != "" {
			m.switchLane(l)
			cmds = append(cmds, m.openLaneCmd(l))
		}
	}
	for _, l := range chg.Removed {
		if l == m.lane {
			// The lane is gone: what the composer holds comes along into
			// the default channel, as text typed before any channel.
			m.lane = frame.Lane{}
			m.switchLane(m.st.DefaultLane())
			cmds = append(cmds, m.openLaneCmd(m.lane))
		}
	}
	if m.transcript.ApplyChange(chg) {
		m.syncComposer()
		m.scr.mark(needFlush)
		cmds = append(cmds, m.readReceipts(frames))
	}
	if chg.Status {
		m.scr.mark(needRedraw)
	}
	if chg.Banners {
		cmds = append(cmds, m.showBanners())
	}
	for _, a := range chg.Answers {
		cmds = append(cmds, m.auditSettled(a))
	}
	cmds = append(cmds, m.pick.keepReported(chg.Reported))
	cmds = append(cmds, m.flushOutgoing(), m.storage.check(), m.afterPickersChanged(), m.mediaDone(m.media.Prune(chg)), m.notes.noteTurns())
	return tea.Batch(cmds...)
}

// showBanners shows the newest of the store's new banners above the
// transcript for bannerTTL.
func (m *Model) showBanners() tea.Cmd {
	for _, b := range m.st.TakeBanners() {
		text := termsafe.Line(b.Title)
		if body := termsafe.Line(b.Body); body != "" {
			if text != "" {
				text += " — "
			}
			text += body
		}
		if text == "" {
			continue
		}
		m.scr.showBanner(banner{text: text, isErr: b.Kind == store.BannerError, until: m.com.Now().Add(bannerTTL)})
		m.bannerLane = frame.Lane{}
		if b.Kind == store.BannerPicker {
			m.bannerLane = b.Lane
		}
	}
	return m.scr.clockTick()
}

// readReceipts tells the gateway which final messages the user has seen:
// those that arrived live in the focused lane while the view follows the
// bottom. A sync replay is acknowledged once, at its end (syncDone).
func (m *Model) readReceipts(frames []frame.Frame) tea.Cmd {
	if m.gw == nil || !m.transcript.Following() || m.conn != common.ConnOnline {
		return nil
	}
	var out []frame.Frame
	for _, f := range frames {
		if f.Cursor > 0 {
			continue // replayed
		}
		var id string
		switch p := f.Payload.(type) {
		case *frame.Message:
			if p.Role != frame.RoleUser {
				id = p.MessageID
			}
		case *frame.MessageStop:
			id = p.MessageID
		}
		if id != "" && f.Lane() == m.lane {
			out = append(out, frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{
				ChatID: frame.Some(m.lane.ChatID), ThreadID: frame.OrNull(m.lane.ThreadID), MessageID: id}})
		}
	}
	if len(out) == 0 {
		return nil
	}
	return sendCmd(m.gw, out...)
}

// readNewest reports the focused lane's newest message from the agent read.
func (m *Model) readNewest() tea.Cmd {
	ln := m.st.Lane(m.lane)
	if ln == nil || m.gw == nil || m.conn != common.ConnOnline {
		return nil
	}
	for i := ln.Len() - 1; i >= max(ln.Len()-animScan, 0); i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.ID != "" && it.Msg.Role != frame.RoleUser && !it.Msg.Streaming {
			return sendCmd(m.gw, frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{
				ChatID: frame.Some(m.lane.ChatID), ThreadID: frame.OrNull(m.lane.ThreadID), MessageID: it.Msg.ID}})
		}
	}
	return nil
}

// handleConn applies a change of the client's connection state.
func (m *Model) handleConn(ev *wsclient.StateEvent) tea.Cmd {
	state := connState(ev.State)
	c := statusbar.Conn{State: state, Attempt: ev.Attempt, RetryAt: ev.RetryAt}
	var he *wsclient.HandshakeError
	switch {
	case errors.As(ev.Err, &he):
		c.Err = he.Err.Error() // the bar says "handshake failed" itself
	case ev.Err != nil:
		c.Err = ev.Err.Error()
	}
	if ev.Err != nil {
		c.Cause = common.ConnCause(ev.Err)
		m.connErr = ev.Err
	}
	was := m.conn
	m.conn = state
	var cmds []tea.Cmd
	switch {
	case state == common.ConnOnline && was != common.ConnOnline:
		m.recon.Reconnected()
		cmds = append(cmds, m.openLaneCmd(m.lane), m.resolveUnknown(), m.flushOutgoing(), m.fetchCatalog(), m.updateMedia(mediactl.Resume{}))
	case state != common.ConnOnline:
		m.recon.Disconnected()
		cmds = append(cmds, m.applyChange(m.st.ConnectionLost(), nil))
	}
	switch {
	case state == common.ConnAuthFailed:
		c.Fix = m.tokenRejected(ev.Err)
	case (state == common.ConnProtocolMismatch || state == common.ConnHandshakeFailed) && ev.Err != nil:
		cmds = append(cmds, common.ReportError(ev.Err))
	}
	m.status.SetConn(c)
	return tea.Batch(append(cmds, m.scr.clockTick())...)
}

// resolveUnknown reloads the newest history page of every lane holding a
// message whose delivery is unknown; the store settles them from it.
func (m *Model) resolveUnknown() tea.Cmd {
	var cmds []tea.Cmd
	seen := map[frame.Lane]bool{}
	for _, o := range m.st.Outgoing() {
		if o.Delivery == store.DeliveryUnknown && !seen[o.Lane] {
			seen[o.Lane] = true
			cmds = append(cmds, m.historyCmd(o.Lane, &frame.HistoryRequest{Limit: historyPage}))
		}
	}
	return tea.Batch(cmds...)
}
