package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/mediactl"
)

// bannerTTL is how long a notification banner stays.
const bannerTTL = 8 * time.Second

// handleFrame applies one live frame of a kind that never needs the
// database read first (hello.ack, sync.done, channel.created); frames from
// the gateway's stream go through the engine's scheduler (session.Scheduler).
func (m *Model) handleFrame(f frame.Frame) tea.Cmd {
	return m.held.Apply(f)
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
	if chg.Banners {
		cmds = append(cmds, m.scr.showStoreBanners(m.st.TakeBanners()))
	}
	cmds = append(cmds, m.run(m.eng.Changed(chg))) // audit, publish the pickers, attribute
	cmds = append(cmds, m.pick.keepReported(chg.Reported))
	cmds = append(cmds, m.flushOutgoing(), m.storage.check(), m.afterPickersChanged(), m.mediaDone(m.media.Prune(chg)), m.notes.noteTurns())
	return tea.Batch(cmds...)
}

// readReceipts tells the gateway which final messages the user has seen:
// those that arrived live in the focused lane while the view follows the
// bottom. A sync replay is acknowledged once, at its end (syncDone).
func (m *Model) readReceipts(frames []frame.Frame) tea.Cmd {
	if m.gw == nil || !m.transcript.Following() {
		return nil
	}
	return workCmd(m.eng.Receipts(frames, m.lane))
}

// readNewest reports the focused lane's newest message from the agent read.
func (m *Model) readNewest() tea.Cmd { return workCmd(m.eng.ReadNewest(m.lane)) }

// handleConn applies a change of the client's connection state: the
// connection part takes it (status bar, banner), the engine what it means
// for the lanes, and coming online sends what waited for it.
func (m *Model) handleConn(ev *session.StateEvent) tea.Cmd {
	was := m.link.state
	bar := m.link.changed(ev)
	chg := m.eng.Connected(ev.State)
	var cmds []tea.Cmd
	switch {
	case m.link.online() && was != common.ConnOnline:
		cmds = append(cmds, m.openLaneCmd(m.lane), m.resolveUnknown(), m.flushOutgoing(), m.cat.fetch(), m.updateMedia(mediactl.Resume{}))
	case !m.link.online():
		cmds = append(cmds, m.applyChange(chg, nil))
	}
	return tea.Batch(append(cmds, m.link.show(bar, ev.Err))...)
}

// resolveUnknown reloads the newest history page of every lane holding a
// message whose delivery is unknown; the store settles them from it.
func (m *Model) resolveUnknown() tea.Cmd {
	var cmds []tea.Cmd
	seen := map[frame.Lane]bool{}
	for _, o := range m.st.Outgoing() {
		if o.Delivery == store.DeliveryUnknown && !seen[o.Lane] {
			seen[o.Lane] = true
			cmds = append(cmds, m.historyCmd(o.Lane, &frame.HistoryRequest{Limit: session.HistoryPage}))
		}
	}
	return tea.Batch(cmds...)
}
