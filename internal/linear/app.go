package linear

import (
	"context"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
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
	out     []string // lines said, not printed yet (show)
	placed  bool     // "You are in …" was said

	// ask is the picker the input line answers (picker.go); announced
	// lists the pickers announced.
	ask       *asking
	announced map[string]bool
	aside     map[string]bool // pickers put aside with /later

	// dueAt is when the grace period of the engine's reconciliation of
	// a reconnect ends.
	dueAt  time.Time
	dueGen int

	// eng is the device session shared with the TUI and the headless
	// commands: sending and the outgoing queue, picker answering with its
	// audit and attribution, reconciliation (internal/session).
	eng *session.Engine
	// older is, per lane, the index of the oldest item /more printed.
	older map[frame.Lane]int
}

func newApp(ctx context.Context, opts Options) *app {
	a := &app{
		ctx: ctx, opts: opts, st: opts.State, ed: NewEditor(opts.Out, opts.Echo, prompt),
		pr: newPrinter(opts.State), results: make(chan func(), 16), announced: map[string]bool{}, aside: map[string]bool{},
		older: map[frame.Lane]int{},
	}
	a.eng = session.New(session.Options{Conn: opts.Gateway, State: opts.State, RequestTimeout: opts.RequestTimeout,
		Now: opts.Now, Audit: opts.Audit, GatewayURL: opts.GatewayURL, DeviceName: opts.DeviceName})
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
		if chg := a.eng.NewInstance(&ev.Ack); !chg.Empty() {
			a.apply(chg)
		}
		a.apply(a.st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack}, false))
	case *wsclient.FrameEvent:
		chg := a.st.Apply(ev.Frame, ev.Replayed)
		a.eng.Recon().Note(ev.Frame, !ev.Replayed)
		a.apply(chg)
	case *wsclient.CursorResetEvent:
		a.apply(a.eng.ResetCursor(ev.Gateway))
	case *wsclient.CursorEvent:
		a.synced()
		if _, grace := a.eng.Synced(); grace.After > 0 { // the history pages are the TUI's
			a.dueAt, a.dueGen = a.opts.Now().Add(grace.After), grace.Gen
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
	wasOnline := a.eng.Online()
	chg := a.eng.Connected(ev.State)
	if !a.eng.Online() && wasOnline {
		a.dueAt = time.Time{}
		a.apply(chg)
	}
}

// tick ends the pickers whose time is up and the grace period of a
// reconnect.
func (a *app) tick() {
	now := a.opts.Now()
	a.apply(a.st.Expire(now))
	if !a.dueAt.IsZero() && !now.Before(a.dueAt) {
		a.dueAt = time.Time{}
		a.apply(a.eng.SettleDue(a.dueGen))
	}
}

// apply says what chg changed: the lanes' news, the answers' outcomes
// (audited), the pickers; and sends what was queued.
func (a *app) apply(chg store.Change) {
	a.st.TakeBanners() // lines say it all; banners are the TUI's
	if line := a.states.gateway(a.st.Status()); line != "" {
		a.say(line)
	}
	a.run(a.eng.Changed(chg)) // the answers settled are audited, the pickers answered elsewhere attributed
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
