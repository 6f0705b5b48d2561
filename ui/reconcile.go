package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/store"
)

// Reconciliation after a reconnect is store.Reconcile's, shared with
// `iris send --wait`: after every reconnect's sync replay, the lanes still
// showing a turn get their newest history page (final texts: a lane whose
// page shows the turn answered is settled without a mark) and a grace
// period to show a live sign of it; the rest are settled, idle, with
// whatever still streamed or ran marked interrupted. Settling makes the
// lane idle, so queued messages go out. This file runs its timer (a tea
// tick) and its history requests.

// reconcileMsg fires a grace period after a reconnect's sync replay.
type reconcileMsg struct{ gen int }

// reconcileSynced runs when a sync replay is applied: the lanes still
// showing a turn without a live sign of it get their newest history page
// and a grace period to show one.
func (m *Model) reconcileSynced() tea.Cmd {
	w := m.eng.Recon().Synced(m.st)
	cmds := []tea.Cmd{m.applyChange(w.Change, nil)}
	if len(w.Lanes) == 0 {
		return tea.Batch(cmds...)
	}
	cmds = append(cmds, m.scr.tick(w.Grace, reconcileMsg{gen: w.Gen}))
	if m.gw != nil {
		for _, l := range w.Lanes {
			cmds = append(cmds, m.historyCmd(l, &frame.HistoryRequest{Limit: session.HistoryPage}))
		}
	}
	return tea.Batch(cmds...)
}

// settleNeeds says what settling the lanes awaiting reconciliation reads
// (store.NeedLane): each lane's items come into memory first.
func (m *Model) settleNeeds(r *store.Reads) bool {
	need := false
	for _, l := range m.eng.Recon().Pending() {
		need = m.st.NeedLane(r, l) || need
	}
	return need
}

// handleReconcile settles the lanes that showed no live turn in time, and
// sends what was queued behind them.
func (m *Model) handleReconcile(msg reconcileMsg) tea.Cmd {
	return m.applyChange(m.eng.Recon().Due(m.st, msg.gen), nil)
}

// turnGone is the mark for what lane l still shows running once the
// gateway said no turn runs there (store.Reconcile.TurnGone).
func (m *Model) turnGone(l frame.Lane) store.Cut { return m.eng.Recon().TurnGone(l) }
