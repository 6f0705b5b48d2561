package store

import (
	"slices"
	"time"

	"github.com/hermes/iris/frame"
)

// Reconciliation after a reconnect, the one the TUI and `iris send --wait`
// share. A turn the gateway stopped running while the socket was down (a
// restart loses it) sends no end: its lane would show "thinking" and its
// reply streaming for good. So after every reconnect, once the sync replay
// is applied, each lane still showing a turn gets a grace period to show
// a live sign of it (agent.busy, updates, tool events, typing, pickers); a
// lane whose turn waits for an answer to a picker is left alone unless the
// gateway restarted. The lanes that show none are settled (Settle): idle,
// what still streamed or ran marked interrupted, "gateway restarted" after
// an announced restart or a gateway whose cursor went back, "connection
// lost" otherwise. The caller runs the timer and, in the TUI, asks the
// pending lanes for their newest history page meanwhile.

// How long after the sync replay a lane still showing a turn has to show
// that the turn is alive: short after a restart (the restarted gateway
// runs no turn; the wait only covers its history and stragglers), longer
// after a plain drop, where a turn may well go on silently for a while (a
// long model call) and settling it early would send queued messages into
// it.
const (
	ReconcileGrace     = 3 * time.Second
	ReconcileGraceDrop = 10 * time.Second
)

// Reconcile follows the reconciliation of one connection's reconnects.
// It belongs to the goroutine that applies the connection's frames.
type Reconcile struct {
	gen       int                 // invalidates the timers of earlier reconnects
	active    bool                // online, lanes not settled yet
	synced    bool                // the sync replay was applied
	alive     map[frame.Lane]bool // lanes that showed a live turn since the reconnect
	pending   []frame.Lane        // lanes waiting for a sign of life
	restarted bool                // the gateway announced a restart, or its cursor went back
	cut       Cut                 // the mark the pending lanes get
}

// liveTurn lists the live frames that show a lane's turn is running.
var liveTurn = map[string]bool{
	frame.TypeAgentBusy: true, frame.TypeMessageStart: true, frame.TypeMessageUpdate: true,
	frame.TypeMessageStop: true, frame.TypeToolStart: true, frame.TypeToolProgress: true,
	frame.TypeToolEnd: true, frame.TypeCommentary: true, frame.TypeTyping: true,
}

// Reconnected starts a reconciliation (the connection just came online).
func (r *Reconcile) Reconnected() {
	r.gen++
	r.active, r.synced, r.pending = true, false, nil
	r.alive = map[frame.Lane]bool{}
}

// Disconnected abandons a reconciliation in progress; the next reconnect
// starts over.
func (r *Reconcile) Disconnected() {
	r.gen++
	r.active, r.synced = false, false
}

// GatewayReset notes a gateway whose cursor went back: it lost its turns.
func (r *Reconcile) GatewayReset() { r.restarted = true }

// Note records what frame f says about running turns: a live sign of a
// lane's turn (live: not replayed), or the gateway announcing its restart.
func (r *Reconcile) Note(f frame.Frame, live bool) {
	if st, ok := f.Payload.(*frame.Status); ok && st.State == frame.StateRestarting {
		r.restarted = true
	}
	if r.active && live && f.Cursor == 0 && (liveTurn[f.Type] || frame.IsPicker(f.Type)) {
		r.alive[f.Lane()] = true
	}
}

// Wait is what a reconnect's reconciliation waits for (Synced).
type Wait struct {
	// Lanes still show a turn without a live sign of it; none: nothing to
	// wait for.
	Lanes []frame.Lane
	// Grace is how long they have to show one; then hand Gen to Due.
	Grace time.Duration
	Gen   int
	// Change is what Synced changed in the State (the lost marks of the
	// lanes not waited for are cleared).
	Change Change
}

// Synced runs when a sync replay is applied: it says which lanes of st to
// wait for, and how long.
func (r *Reconcile) Synced(st *State) Wait {
	if !r.active || r.synced {
		return Wait{Gen: r.gen}
	}
	r.synced = true
	r.cut = CutLost
	if r.restarted {
		r.cut = CutRestart
	}
	r.restarted = false
	r.pending = slices.DeleteFunc(st.Unsettled(), func(l frame.Lane) bool {
		// A turn waiting for the user's answer to a picker sends nothing
		// until then: silence proves nothing, unless the gateway restarted.
		return r.alive[l] || r.cut == CutLost && len(st.Pickers(l)) > 0
	})
	w := Wait{Gen: r.gen, Change: st.KeepLost(r.pending)}
	if len(r.pending) == 0 {
		r.active = false
		return w
	}
	w.Lanes, w.Grace = slices.Clone(r.pending), ReconcileGraceDrop
	if r.cut == CutRestart {
		w.Grace = ReconcileGrace
	}
	return w
}

// Gen is the generation of the reconciliation under way (the one Synced
// hands out).
func (r *Reconcile) Gen() int { return r.gen }

// IsSynced reports whether the sync replay of the current connection was
// applied.
func (r *Reconcile) IsSynced() bool { return r.synced }

// Pending returns the lanes awaiting the grace period's end.
func (r *Reconcile) Pending() []frame.Lane { return r.pending }

// Due settles, in st, the lanes that showed no live turn in time (gen is
// Synced's; a stale one does nothing). A lane whose newest history page
// shows the turn answered is settled without a mark.
func (r *Reconcile) Due(st *State, gen int) Change {
	var chg Change
	if gen != r.gen || !r.active {
		return chg
	}
	r.active = false
	for _, l := range r.pending {
		switch {
		case r.alive[l]:
		case st.Answered(l):
			chg.Merge(st.Settle(l, CutIdle))
		default:
			chg.Merge(st.Settle(l, r.cut))
		}
	}
	r.pending = nil
	return chg
}

// TurnGone is the mark for what lane l still shows running once the
// gateway said no turn runs there: the reconnect's mark while the lane
// awaits reconciliation, else none (its idle is merely still on the way).
func (r *Reconcile) TurnGone(l frame.Lane) Cut {
	if r.active && r.synced && slices.Contains(r.pending, l) {
		return r.cut
	}
	return CutIdle
}
