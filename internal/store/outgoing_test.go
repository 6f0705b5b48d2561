package store

import (
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

func wantOutgoing(t *testing.T, s *State, exp ...string) {
	t.Helper()
	var got []string
	for _, o := range s.Outgoing() {
		got = append(got, o.ClientMsgID+":"+o.Delivery.String())
	}
	if len(got) != len(exp) {
		t.Fatalf("outgoing %v, want %v", got, exp)
	}
	for i := range got {
		if got[i] != exp[i] {
			t.Fatalf("outgoing %v, want %v", got, exp)
		}
	}
}

func TestOutgoingEchoByClientMsgID(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	m := s.AddOutgoing(def, "hello", "c1", "m0", []string{"mu_1"})
	if m == nil || m.Delivery != DeliveryQueued || s.AddOutgoing(def, "dup", "c1", "", nil) != nil {
		t.Fatalf("%+v", m)
	}
	s.AddOutgoing(def, "second", "c2", "", nil)
	wantOutgoing(t, s, "c1:queued", "c2:queued")
	if o := s.Outgoing()[0]; o.Lane != def || o.Text != "hello" || o.ReplyTo != "m0" || o.MediaRefs[0] != "mu_1" {
		t.Fatalf("%+v", o)
	}
	if c := s.SetDelivery("c1", DeliverySending); !c.Outgoing || !c.Has(def) {
		t.Fatalf("%+v", c)
	}
	s.SetDelivery("c1", DeliverySent)
	want(t, s, def, `user  "hello" sent`, `user  "second" queued`)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"hello","client_msg_id":"c1"}}`)
	want(t, s, def, `user u1 "hello" sent`, `user  "second" queued`)
	wantOutgoing(t, s, "c2:queued")
	if m := s.Lane(def).Message("u1"); m.ClientMsgID != "c1" || m.MediaRefs[0] != "mu_1" {
		t.Fatalf("%+v", m)
	}
}

// A gateway that drops client_msg_id is matched by role and identical text;
// a message still queued (never sent) is not an echo target.
func TestOutgoingEchoByText(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddOutgoing(def, "same", "c1", "", nil)
	s.AddOutgoing(def, "same", "c2", "", nil)
	s.SetDelivery("c2", DeliverySending)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"same"}}`)
	want(t, s, def, `user  "same" queued`, `user u2 "same" sent`)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u3","role":"user","text":"other device"}}`)
	want(t, s, def, `user  "same" queued`, `user u2 "same" sent`, `user u3 "other device" sent`)
	wantOutgoing(t, s, "c1:queued")
}

func TestReadReceipts(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddOutgoing(def, "a", "c1", "", nil)
	s.SetDelivery("c1", DeliverySending)
	// The receipt comes before the echo: the placeholder takes the id.
	c := apply(t, s, `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u1"}}`)
	want(t, s, def, `user u1 "a" read`)
	if !c.Has(def) {
		t.Fatalf("%+v", c)
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"a","client_msg_id":"c1"}}`)
	want(t, s, def, `user u1 "a" read`)
	wantOutgoing(t, s)
	// A receipt for others' messages is another device's read state; unknown
	// ids are no-ops.
	focus(s, chan7)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"a1","role":"assistant","text":"b"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"a2","role":"assistant","text":"c"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"a3","role":"assistant","text":"d"}}`)
	if c := apply(t, s, `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"a2"}}`); s.Lane(def).Unread != 1 || !c.Directory {
		t.Fatalf("unread %d after another device read a2", s.Lane(def).Unread)
	}
	want(t, s, def, `user u1 "a" read`, `assistant a1 "b"`, `assistant a2 "c"`, `assistant a3 "d"`)
	if c := apply(t, s, `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"a1"}}`,
		`{"type":"read.receipt","chat_id":"d","payload":{"message_id":"zz"}}`); !c.Empty() {
		t.Fatalf("%+v", c)
	}
	// A receipt naming no lane goes nowhere; one naming it in the payload
	// applies.
	apply(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"u9","role":"user","text":"x"}}`,
		`{"type":"read.receipt","payload":{"message_id":"u9"}}`)
	want(t, s, chan7, `user u9 "x" sent`)
	apply(t, s, `{"type":"read.receipt","payload":{"chat_id":"c7","message_id":"u9"}}`)
	want(t, s, chan7, `user u9 "x" read`)
}

// "Delivery unknown" is settled by the newest history page: identical text
// sent after the attempt means delivered, anything else becomes Failed.
func TestDeliveryUnknownSettledByHistory(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck)
	s.AddOutgoing(def, "arrived", "c1", "", nil)
	s.AddOutgoing(def, "lost", "c2", "", nil)
	s.AddOutgoing(def, "old twin", "c3", "", nil)
	s.ApplyHistory(def, "", frame.History{})
	for _, id := range []string{"c1", "c2", "c3"} {
		s.SetDelivery(id, DeliverySending)
		s.SetDelivery(id, DeliveryUnknown)
	}
	if s.Lane(def).HistoryLoaded {
		t.Fatal("a delivery unknown must ask for the newest page again")
	}
	at := clk.now().UnixMilli()
	clk.advance(time.Minute)
	s.ApplyHistory(def, "", frame.History{Messages: []frame.Message{
		{MessageID: "u0", Role: "user", Text: "old twin", TS: at - 60_000},
		{MessageID: "u1", Role: "user", Text: "arrived", TS: at + 2000},
		{MessageID: "a1", Role: "assistant", Text: "ok", TS: at + 3000},
	}})
	want(t, s, def, `user u0 "old twin" sent`, `user u1 "arrived" sent`,
		`user  "lost" failed`, `user  "old twin" failed`, `assistant a1 "ok"`)
	wantOutgoing(t, s, "c2:failed", "c3:failed")
	// Resend: queued again, then echoed.
	s.SetDelivery("c2", DeliveryQueued)
	wantOutgoing(t, s, "c2:queued", "c3:failed")
}

// With auto-threading the echo arrives in a new thread: the placeholder
// moves there.
func TestOutgoingEchoInAnotherLane(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddOutgoing(chan7, "start a thread", "c1", "", nil)
	s.SetDelivery("c1", DeliverySending)
	apply(t, s,
		`{"type":"channel.created","payload":{"chat_id":"c7","thread_id":"t9","kind":"thread","parent_chat_id":"c7","name":"start","auto":true}}`,
		`{"type":"message","chat_id":"c7","thread_id":"t9","payload":{"message_id":"u1","role":"user","text":"start a thread","client_msg_id":"c1"}}`)
	want(t, s, chan7)
	want(t, s, lane("c7", "t9"), `user u1 "start a thread" sent`)
	wantOutgoing(t, s)
}
