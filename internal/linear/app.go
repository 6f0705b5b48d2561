package linear

import (
	"context"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/wsclient"
)

// app is the linear front-end's state; it belongs to Run's goroutine.
// Work done beside it (requests) comes back as a func on results.
type app struct {
	ctx     context.Context
	opts    Options
	st      *store.State
	ed      *Editor
	pr      *printer
	states  stateLines
	results chan func()
	quit    bool
	online  bool
	out     []string // lines said, not printed yet (show)
	placed  bool     // "You are in …" was said

	// ask is the picker the input line answers (picker.go); announced
	// lists the pickers announced.
	ask       *asking
	announced map[string]bool
	aside     map[string]bool // pickers put aside with /later

	// recon settles the turns a reconnect left running (store.Reconcile);
	// dueAt is when its grace period ends.
	recon  store.Reconcile
	dueAt  time.Time
	dueGen int

	ids *store.ClientMsgIDs
	// older is, per lane, the index of the oldest item /more printed.
	older map[frame.Lane]int
}

func newApp(ctx context.Context, opts Options) *app {
	a := &app{
		ctx: ctx, opts: opts, st: opts.State, ed: NewEditor(opts.Out, opts.Echo, prompt),
		pr: newPrinter(opts.State), results: make(chan func(), 16), announced: map[string]bool{}, aside: map[string]bool{},
		ids: store.NewClientMsgIDs(), older: map[frame.Lane]int{},
	}
	a.pr.reasoning, a.pr.footer = opts.Reasoning, opts.Footer
	a.pr.skip()
	return a
}

// say queues lines to print above the input line; show prints them.
func (a *app) say(lines ...string) { a.out = append(a.out, lines...) }

// show prints the lines said since the last show at once, so that a
// draft is shown again once after them, not after each.
func (a *app) show() {
	if len(a.out) > 0 {
		a.ed.Print(a.out...)
		a.out = nil
	}
}

// greet says what this is and how to get help.
func (a *app) greet() {
	a.say("Iris, linear mode. Type a message and press Enter; /help lists the commands.")
	a.show()
}

// events applies a batch from the connection.
func (a *app) events(evs []wsclient.Event) {
	for _, ev := range evs {
		a.event(ev)
	}
}

// event applies one event to the store and says what it changed.
func (a *app) event(ev wsclient.Event) {
	switch ev := ev.(type) {
	case *wsclient.HelloEvent:
		if restarted, chg := a.st.NewInstance(&ev.Ack); restarted {
			a.recon.GatewayReset()
			a.apply(chg)
		}
		a.apply(a.st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack}, false))
	case *wsclient.FrameEvent:
		chg := a.st.Apply(ev.Frame, ev.Replayed)
		a.recon.Note(ev.Frame, !ev.Replayed)
		a.apply(chg)
	case *wsclient.CursorResetEvent:
		a.recon.GatewayReset()
		a.apply(a.st.ResetCursor(ev.Gateway))
	case *wsclient.CursorEvent:
		a.synced()
		if w := a.recon.Synced(a.st); len(w.Lanes) > 0 {
			a.dueAt, a.dueGen = a.opts.Now().Add(w.Grace), w.Gen
		}
	case *wsclient.StateEvent:
		a.connection(ev)
	}
}

// synced says where the user is after the first sync, focusing the
// default lane when none was focused before; then it sends what waits.
func (a *app) synced() {
	if !a.placed {
		if a.st.Focused() == (frame.Lane{}) {
			if l := a.st.DefaultLane(); l != (frame.Lane{}) {
				a.apply(a.st.Focus(l))
			}
		}
		if l := a.st.Focused(); l != (frame.Lane{}) {
			a.placed = true
			a.say("You are in " + laneName(a.st, l) + ".")
		}
	}
	a.flush()
}

// connection says a connection state change and acts on it.
func (a *app) connection(ev *wsclient.StateEvent) {
	if line := a.states.connection(ev); line != "" {
		a.say(line)
	}
	wasOnline := a.online
	a.online = ev.State == wsclient.StateOnline
	switch {
	case a.online:
		a.recon.Reconnected()
	case wasOnline:
		a.recon.Disconnected()
		a.dueAt = time.Time{}
		a.apply(a.st.ConnectionLost())
	}
}

// tick ends the pickers whose time is up and the grace period of a
// reconnect.
func (a *app) tick() {
	now := a.opts.Now()
	a.apply(a.st.Expire(now))
	if !a.dueAt.IsZero() && !now.Before(a.dueAt) {
		a.dueAt = time.Time{}
		a.apply(a.recon.Due(a.st, a.dueGen))
	}
}

// apply says what chg changed: the lanes' news, the answers' outcomes
// (audited), the pickers; and sends what was queued.
func (a *app) apply(chg store.Change) {
	a.st.TakeBanners() // lines say it all; banners are the TUI's
	if line := a.states.gateway(a.st.Status()); line != "" {
		a.say(line)
	}
	a.audit(chg.Answers)
	if lines := a.pr.lanes(chg.Lanes); len(lines) > 0 {
		a.say(lines...)
	}
	if chg.Pickers {
		a.syncPickers()
	}
	a.flush() // a turn that ended lets the next message go
}

// post hands f to Run's goroutine; after Run has returned, it is dropped.
func (a *app) post(f func()) {
	select {
	case a.results <- f:
	case <-a.ctx.Done():
	}
}
