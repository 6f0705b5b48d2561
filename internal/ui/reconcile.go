package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/session"
)

// Reconciliation after a reconnect is the engine's (session.Engine.Synced,
// internal/session/reconcile.go), shared with `iris send --wait`. This
// file runs its timer (a tea tick) and hands its history requests on.

// reconcileMsg fires a grace period after a reconnect's sync replay.
type reconcileMsg struct{ gen int }

// reconcileSynced runs when a sync replay is applied: the lanes still
// showing a turn without a live sign of it get their newest history page
// and a grace period to show one.
func (m *Model) reconcileSynced() tea.Cmd {
	r, grace := m.eng.Synced()
	cmd := m.run(r)
	if grace.After == 0 {
		return cmd
	}
	return tea.Batch(cmd, m.scr.tick(grace.After, reconcileMsg{gen: grace.Gen}))
}

// handleReconcile settles the lanes that showed no live turn in time, and
// sends what was queued behind them; it waits for their items
// (session.Engine.SettleNeeds).
func (m *Model) handleReconcile(msg reconcileMsg) tea.Cmd {
	return m.held.Reduce(session.Call(func() tea.Cmd { return m.applyChange(m.eng.SettleDue(msg.gen), nil) }, m.eng.SettleNeeds))
}
