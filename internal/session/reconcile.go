package session

import (
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Reconciliation after a reconnect is store.Reconcile's, which the engine
// holds for every front-end: after every reconnect's sync replay, the
// lanes still showing a turn get their newest history page (final texts:
// a lane whose page shows the turn answered is settled without a mark)
// and a grace period to show a live sign of it; the rest are settled,
// idle, with whatever still streamed or ran marked interrupted. Settling
// makes the lane idle, so queued messages go out. The front-end runs the
// grace period's timer.

// Grace is a reconciliation's grace period: once After has passed, the
// front-end calls SettleDue with Gen. After 0: nothing awaits it.
type Grace struct {
	After time.Duration
	Gen   int
}

// Synced runs when a sync replay is applied: the lanes still showing a
// turn without a live sign of it get their newest history page (the
// Result's Work; each brings back a History) and a grace period to show
// one.
func (e *Engine) Synced() (Result, Grace) {
	w := e.recon.Synced(e.st)
	r := Result{Change: w.Change}
	if len(w.Lanes) == 0 {
		return r, Grace{}
	}
	if e.opts.Conn != nil {
		for _, l := range w.Lanes {
			r.run(e.History(l, &frame.HistoryRequest{Limit: HistoryPage}))
		}
	}
	return r, Grace{After: w.Grace, Gen: w.Gen}
}

// SettleNeeds says what settling the lanes awaiting reconciliation reads
// (store.NeedLane): each lane's items come into memory first.
func (e *Engine) SettleNeeds(r *store.Reads) bool {
	need := false
	for _, l := range e.recon.Pending() {
		need = e.st.NeedLane(r, l) || need
	}
	return need
}

// SettleDue settles the lanes that showed no live turn within grace
// period gen (an older one's is ignored).
func (e *Engine) SettleDue(gen int) store.Change { return e.recon.Due(e.st, gen) }
