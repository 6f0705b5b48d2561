package session

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// device is the smallest front-end of the engine, for its tests: a real
// wsclient connected to the simulator on 127.0.0.1, a store, and the
// engine, whose work it runs at once on the test's goroutine.
type device struct {
	t       *testing.T
	sim     *gatewaysim.Server
	c       *wsclient.Client
	st      *store.State
	eng     *Engine
	log     string   // the audit log's path
	notices []Notice // what the engine told the user, in order
	// settled is what became known of the answers given here, in order.
	settled []store.AnswerSettled
}

// newDevice connects a device to a fresh simulator and waits for its
// first sync; mod adjusts the engine's options.
func newDevice(t *testing.T, cfg gatewaysim.Config, mod func(*Options)) *device {
	t.Helper()
	sim, url := simtest.StartSim(t, cfg)
	c, err := wsclient.New(wsclient.Config{URL: url, Token: simtest.Token, DeviceID: "dev_engine", Timing: simtest.FastTiming()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	d := &device{t: t, sim: sim, c: c, st: store.New(store.Options{}), log: filepath.Join(t.TempDir(), "audit.jsonl")}
	opts := Options{Conn: c, State: d.st, Audit: audit.New(d.log), GatewayURL: url, RequestTimeout: 5 * time.Second}
	if mod != nil {
		mod(&opts)
	}
	d.eng = New(opts)
	d.pump("the first sync", func(ev wsclient.Event, _ store.Change) bool {
		_, ok := ev.(*wsclient.CursorEvent)
		return ok
	})
	return d
}

// pump applies the connection's events until done holds for one (10 s at
// most), handing each change to the engine as a front-end does.
func (d *device) pump(what string, done func(wsclient.Event, store.Change) bool) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		ev, err := d.c.Next(ctx)
		if err != nil {
			d.t.Fatalf("waiting for %s: %v", what, err)
		}
		var chg store.Change
		switch ev := ev.(type) {
		case *wsclient.HelloEvent:
			chg = d.st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack}, false)
		case *wsclient.FrameEvent:
			chg = d.st.Apply(ev.Frame, ev.Replayed)
		}
		d.settled = append(d.settled, chg.Answers...)
		d.finish(d.eng.Changed(chg))
		if done(ev, chg) {
			return
		}
	}
}

// finish carries out r: its notices are kept, its work runs at once and
// what it brings back goes to the engine.
func (d *device) finish(r Result) {
	d.notices = append(d.notices, r.Notices...)
	if !r.Change.Empty() {
		d.settled = append(d.settled, r.Change.Answers...)
		d.finish(d.eng.Changed(r.Change))
	}
	for _, w := range r.Work {
		switch out := w(context.Background()).(type) {
		case Notice:
			d.notices = append(d.notices, out)
		case Reply:
			d.finish(d.eng.Handle(out))
		}
	}
}

// ask sends text to the first channel and waits until a picker is pending.
func (d *device) ask(text string) store.Picker {
	d.t.Helper()
	l := d.st.DefaultLane()
	f := LaneFrame(frame.TypeMessageSend, l, &frame.MessageSend{Text: text, ClientMsgID: "c_" + text})
	if _, err := Request(context.Background(), d.c, 5*time.Second, f); err != nil {
		d.t.Fatal(err)
	}
	d.pump("a picker", func(wsclient.Event, store.Change) bool { return len(d.st.AllPickers()) > 0 })
	return d.st.AllPickers()[0]
}

// accepted waits until the answer to pickerID is accepted: by the
// gateway's reply, or by the turn going on.
func (d *device) accepted(pickerID string) {
	d.t.Helper()
	known := func() bool {
		return slices.ContainsFunc(d.settled, func(a store.AnswerSettled) bool {
			return a.Picker.PickerID == pickerID && a.Result == audit.Accepted
		})
	}
	if !known() {
		d.pump("the answer accepted", func(wsclient.Event, store.Change) bool { return known() })
	}
}

// audited is what the audit log holds.
func (d *device) audited() []audit.Entry {
	d.t.Helper()
	es, _, err := audit.Read(d.log, time.Time{})
	if err != nil {
		d.t.Fatal(err)
	}
	return es
}
