package session

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// queue is the busy-input setting that waits for the next turn.
var queue = Busy{Wait: true}

// TestQueuedMessagesKeepOrderWhileOneIsInFlight: messages queued go out
// one per lane per turn: while the first is in flight, another flush (a
// frame arriving) sends nothing ahead of it, and the second goes once the
// reply to the first has ended its turn.
func TestQueuedMessagesKeepOrderWhileOneIsInFlight(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{StreamInterval: time.Millisecond}, nil)
	l := d.st.DefaultLane()
	for _, text := range []string{"first", "second"} {
		if _, err := d.eng.Send(l, text, false, queue); err != nil {
			t.Fatal(err)
		}
	}
	first := d.eng.Flush(queue) // offline until told: nothing goes
	if len(first.Work) != 0 {
		t.Fatalf("%d sends while offline", len(first.Work))
	}
	d.eng.Connected(StateOnline)
	first = d.eng.Flush(queue)
	if len(first.Work) != 1 || !first.Change.Has(l) {
		t.Fatalf("first flush: %d sends, change %+v", len(first.Work), first.Change)
	}
	if again := d.eng.Flush(queue); len(again.Work) != 0 {
		t.Fatalf("%d sends while the first message was in flight", len(again.Work))
	}
	d.finish(first)
	d.pump("the reply's turn to end", func(_ wsclient.Event, chg store.Change) bool {
		ln := d.st.Lane(l)
		return chg.Has(l) && ln != nil && !ln.Busy
	})
	d.finish(d.eng.Flush(queue))
	if got := sentTexts(d.sim); !slices.Equal(got, []string{"first", "second"}) {
		t.Fatalf("sent %q", got)
	}
}

// TestNewThreadOnABusyLaneIsSentAtOnce: a message that asks for a new
// thread neither waits for the busy parent's turn nor steers it; the
// parent's next message still waits.
func TestNewThreadOnABusyLaneIsSentAtOnce(t *testing.T) {
	for _, busy := range []Busy{{Steer: true, Wait: true}, queue} {
		d := newDevice(t, gatewaysim.Config{StreamInterval: time.Second}, nil) // the turn outlasts the test
		d.eng.Connected(StateOnline)
		l := d.st.DefaultLane()
		if _, err := d.eng.Send(l, "a long job", false, busy); err != nil {
			t.Fatal(err)
		}
		d.finish(d.eng.Flush(busy))
		d.pump("the agent busy", func(wsclient.Event, store.Change) bool { ln := d.st.Lane(l); return ln != nil && ln.Busy })

		r, err := d.eng.Send(l, "a side question", true, busy)
		if err != nil || !r.Change.Outgoing {
			t.Fatalf("send: %+v %v", r, err)
		}
		flush := d.eng.Flush(busy)
		if len(flush.Work) != 1 {
			t.Fatalf("busy %+v: %d sends for the new thread", busy, len(flush.Work))
		}
		sent := flush.Work[0](context.Background()).(Sent)
		if sent.Err != nil || !d.eng.AutoThread(sent.ClientMsgID) {
			t.Fatalf("the new thread's send: %+v", sent)
		}
		if got := d.sim.Received(); !slices.ContainsFunc(got, func(f frame.Frame) bool {
			p, ok := f.Payload.(*frame.MessageSend)
			return ok && p.Text == "a side question" && p.AutoThread != nil && *p.AutoThread
		}) {
			t.Fatalf("no message.send with auto_thread: %+v", got)
		}
		d.finish(d.eng.Handle(sent))
		if d.eng.AutoThread(sent.ClientMsgID) {
			t.Fatal("the answered message still awaits its thread")
		}

		if _, err := d.eng.Send(l, "back in the parent", false, Busy{Wait: true}); err != nil {
			t.Fatal(err)
		}
		if n := len(d.eng.Flush(Busy{Wait: true}).Work); n != 0 {
			t.Fatalf("the parent's next message did not wait: %d sends", n)
		}
	}
}

// TestRefusedSendFailsWithItsCause: a message.send the gateway refuses is
// failed, with the cause for its mark and a notice; a resend queues it
// again and it goes.
func TestRefusedSendFailsWithItsCause(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, func(o *Options) { o.Cause = func(err error) string { return "cause: " + err.Error() } })
	d.eng.Connected(StateOnline)
	l := d.st.DefaultLane()
	d.sim.FailNext(frame.TypeMessageSend, "internal", "disk full")
	if _, err := d.eng.Send(l, "hello", false, queue); err != nil {
		t.Fatal(err)
	}
	d.finish(d.eng.Flush(queue))
	out := d.st.Outgoing()
	if len(out) != 1 || out[0].Delivery != store.DeliveryFailed {
		t.Fatalf("outgoing %+v", out)
	}
	if want := (Notice{Level: LevelError, Text: "message not sent: gateway error internal: disk full"}); !slices.Contains(d.notices, want) {
		t.Fatalf("notices %+v", d.notices)
	}
	r, n := d.eng.Resend(l)
	if n != 1 || !r.Change.Outgoing {
		t.Fatalf("resend: %d, %+v", n, r)
	}
	d.finish(d.eng.Flush(queue))
	if got := sentTexts(d.sim); !slices.Equal(got, []string{"hello", "hello"}) {
		t.Fatalf("sent %q", got)
	}
}

// sentTexts is the text of every message.send the simulator received.
func sentTexts(sim *gatewaysim.Server) []string {
	var out []string
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.MessageSend); ok {
			out = append(out, p.Text)
		}
	}
	return out
}

// TestSendMessageGoesAtOnceWithItsMedia: a message with the refs of its
// uploads goes as one message.send naming them, at once while the agent is
// busy when the busy-input policy does not wait, never as a steer; its
// client_msg_id is the one its echo and its Sent carry.
func TestSendMessageGoesAtOnceWithItsMedia(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{StreamInterval: time.Second}, nil) // the turn outlasts the test
	d.eng.Connected(StateOnline)
	l := d.st.DefaultLane()
	if _, err := d.eng.Send(l, "a long job", false, Busy{}); err != nil {
		t.Fatal(err)
	}
	d.finish(d.eng.Flush(Busy{}))
	d.pump("the agent busy", func(wsclient.Event, store.Change) bool { ln := d.st.Lane(l); return ln != nil && ln.Busy })

	var refs []string
	for _, name := range []string{"a.log", "b.log"} {
		ref, err := d.c.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Mime: "text/plain", Filename: name, Size: 4}, strings.NewReader("logs"), nil)
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, ref)
	}
	id, r, err := d.eng.SendMessage(l, "see the logs", refs)
	if err != nil || id == "" || !r.Change.Outgoing || !r.Change.Has(l) {
		t.Fatalf("SendMessage: %q %+v %v", id, r, err)
	}
	flush := d.eng.Flush(Busy{Steer: true})
	if len(flush.Work) != 1 {
		t.Fatalf("%d sends for the message", len(flush.Work))
	}
	sent := flush.Work[0](context.Background()).(Sent)
	if sent.ClientMsgID != id || sent.Err != nil {
		t.Fatalf("sent %+v, want the answer for %s", sent, id)
	}
	d.eng.Handle(sent)
	var got *frame.MessageSend
	steers := 0
	for _, f := range d.sim.Received() {
		if p, ok := f.Payload.(*frame.MessageSend); ok && p.ClientMsgID == id {
			got = p
		}
		if f.Type == frame.TypeAgentSteer {
			steers++
		}
	}
	if got == nil || got.Text != "see the logs" || !slices.Equal(got.MediaRefs, refs) {
		t.Fatalf("message.send %+v", got)
	}
	if steers != 0 {
		t.Fatalf("%d steers", steers)
	}
	d.pump("the echo", func(wsclient.Event, store.Change) bool { return d.st.EchoOf(l, id) != "" })
}
