package ui

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
)

// Reconciliation after a reconnect. A turn the gateway stopped running
// while the socket was down (a restart loses it) sends no end: its lane
// would show "thinking" and its card "running…" for good, and queued
// messages would wait for an idle that never comes. So after every
// reconnect, once the sync replay is applied, Iris asks each lane still
// showing a turn for its newest history page (final texts: a lane whose
// page shows the turn answered is settled without a mark) and waits a
// few seconds for a live sign of the turn (agent.busy, updates, tool
// events, typing, pickers); a lane whose turn waits for the user's answer
// to a picker is left alone unless the gateway announced a restart. Lanes
// that show none are settled: idle, with
// whatever was still streaming or running marked "interrupted (gateway
// restarted)" (or "connection lost" when no restart was announced). The
// mark is stored; a late end frame still replaces it. Settling makes the
// lane idle, so queued messages go out.

// How long after the sync replay a lane still showing a turn has to show
// that the turn is alive: short after an announced restart (the restarted
// gateway runs no turn; the wait only covers its history and stragglers),
// longer after a plain drop, where a turn may well go on silently for a
// while (a long model call) and settling it early would send queued
// messages into it.
const (
	reconcileGrace     = 3 * time.Second
	reconcileGraceDrop = 10 * time.Second
)

// reconcileState follows one reconnect's reconciliation.
type reconcileState struct {
	gen       int                 // invalidates the timers of earlier reconnects
	active    bool                // online, lanes not settled yet
	synced    bool                // the sync replay was applied
	alive     map[frame.Lane]bool // lanes that showed a live turn since the reconnect
	pending   []frame.Lane        // lanes waiting for a sign of life
	restarted bool                // the gateway announced a restart before the drop
	cut       store.Cut           // the mark the pending lanes get
}

// reconcileMsg fires a grace period after a reconnect's sync replay.
type reconcileMsg struct{ gen int }

// liveTurn lists the live frames that show a lane's turn is running.
var liveTurn = map[string]bool{
	frame.TypeAgentBusy: true, frame.TypeMessageStart: true, frame.TypeMessageUpdate: true,
	frame.TypeMessageStop: true, frame.TypeToolStart: true, frame.TypeToolProgress: true,
	frame.TypeToolEnd: true, frame.TypeCommentary: true, frame.TypeTyping: true,
}

// reconnected starts a reconciliation (the connection just came online).
func (m *Model) reconnected() {
	r := &m.recon
	r.gen++
	r.active, r.synced, r.pending = true, false, nil
	r.alive = map[frame.Lane]bool{}
}

// disconnected abandons a reconciliation in progress; the next reconnect
// starts over.
func (m *Model) disconnected() {
	m.recon.gen++
	m.recon.active, m.recon.synced = false, false
}

// noteFrames records what frames say about running turns: a live sign of
// a lane's turn, or the gateway announcing its restart.
func (m *Model) noteFrames(frames []frame.Frame, replayed []bool) {
	r := &m.recon
	for i, f := range frames {
		if st, ok := f.Payload.(*frame.Status); ok && st.State == frame.StateRestarting {
			r.restarted = true
		}
		live := f.Cursor == 0 && (i >= len(replayed) || !replayed[i])
		if r.active && live && (liveTurn[f.Type] || frame.IsPicker(f.Type)) {
			r.alive[f.Lane()] = true
		}
	}
}

// reconcileSynced runs when a sync replay is applied: the lanes still
// showing a turn without a live sign of it get their newest history page
// and a grace period to show one.
func (m *Model) reconcileSynced() tea.Cmd {
	r := &m.recon
	if !r.active || r.synced {
		return nil
	}
	r.synced = true
	r.cut = store.CutLost
	if r.restarted {
		r.cut = store.CutRestart
	}
	r.restarted = false
	r.pending = slices.DeleteFunc(m.st.Unsettled(), func(l frame.Lane) bool {
		// A turn waiting for the user's answer to a picker sends nothing
		// until then: silence proves nothing, unless the gateway restarted.
		return r.alive[l] || r.cut == store.CutLost && len(m.st.Pickers(l)) > 0
	})
	if len(r.pending) == 0 {
		r.active = false
		return nil
	}
	grace := reconcileGraceDrop
	if r.cut == store.CutRestart {
		grace = reconcileGrace
	}
	cmds := []tea.Cmd{m.tick(grace, reconcileMsg{gen: r.gen})}
	if m.gw != nil {
		for _, l := range r.pending {
			cmds = append(cmds, m.historyCmd(l, &frame.HistoryRequest{Limit: historyPage}))
		}
	}
	return tea.Batch(cmds...)
}

// handleReconcile settles the lanes that showed no live turn in time, and
// sends what was queued behind them.
func (m *Model) handleReconcile(msg reconcileMsg) tea.Cmd {
	r := &m.recon
	if msg.gen != r.gen || !r.active {
		return nil
	}
	r.active = false
	var chg store.Change
	for _, l := range r.pending {
		switch {
		case r.alive[l]:
		case m.st.Answered(l): // the history page shows the turn finished
			chg.Merge(m.st.Settle(l, store.CutIdle))
		default:
			chg.Merge(m.st.Settle(l, r.cut))
		}
	}
	r.pending = nil
	return m.applyChange(chg, nil)
}

// turnGone is the mark for what lane l still shows running once the
// gateway said no turn runs there: the reconnect's mark while the lane
// awaits reconciliation, else none (its idle is merely still on the way).
func (m *Model) turnGone(l frame.Lane) store.Cut {
	if r := &m.recon; r.active && r.synced && slices.Contains(r.pending, l) {
		return r.cut
	}
	return store.CutIdle
}
