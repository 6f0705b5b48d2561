package store

import (
	"testing"
)

// A directory frame that lists nothing valid, leaves the default channel
// out or deletes it changes nothing of the default lane: its history and
// its queued message stay.
func TestMalformedDirectoriesKeepDefaultLane(t *testing.T) {
	for _, junk := range []string{
		`{"type":"channel.list","payload":{"channels":[{}]}}`,
		`{"type":"channel.list","payload":{"channels":[1,"a",null]}}`,
		`{"type":"hello.ack","payload":{"sync_cursor":0,"channels":[{"name":"junk"}]}}`,
		`{"type":"channel.list","payload":{"channels":[{"chat_id":"c7","name":"Seven"}]}}`,
		`{"type":"channel.deleted","payload":{"chat_id":"d"}}`,
	} {
		s := newState(newClock())
		apply(t, s, helloAck)
		s.ApplyHistory(def, "", page(1, 2, false))
		s.AddOutgoing(def, "queued", "cm1", "", nil)
		apply(t, s, junk)
		if s.DefaultLane() != def || s.ChannelName(def) != "Default" {
			t.Fatalf("after %s the default channel is %v", junk, s.DefaultLane())
		}
		want(t, s, def, `assistant m1 "t1"`, `user m2 "t2" sent`, `user  "queued" queued`)
		if out := s.Outgoing(); len(out) != 1 || out[0].Text != "queued" {
			t.Fatalf("after %s the queue is %+v", junk, out)
		}
	}
}

// A channel removed with unsent messages in it hands them to the default
// channel as not sent, naming the channel; one can be discarded there.
func TestRemovedChannelHandsUnsentToDefault(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddOutgoing(chan7, "first", "cm1", "", nil)
	s.AddOutgoing(thr, "in the thread", "cm2", "", nil)
	apply(t, s, `{"type":"channel.deleted","payload":{"chat_id":"c7"}}`)
	want(t, s, def, `user  "first" failed`, `user  "in the thread" failed`)
	out := s.Outgoing()
	if len(out) != 2 || out[0].Lane != def || out[1].Lane != def {
		t.Fatalf("queue %+v", out)
	}
	if m := s.Lane(def).Item(0).Msg; m.Cause != "channel Seven was deleted · d discards" {
		t.Fatalf("cause %q", m.Cause)
	}
	if _, ok := s.DiscardOutgoing("cm1"); !ok {
		t.Fatal("discard refused")
	}
	want(t, s, def, `user  "in the thread" failed`)
	if len(s.Outgoing()) != 1 {
		t.Fatalf("queue %+v", s.Outgoing())
	}
}

// A listing that names another default channel may leave the old one out:
// it goes, and its unsent message moves to the new default.
func TestListingWithNewDefaultDropsOldOne(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddOutgoing(def, "typed in the old default", "cm1", "", nil)
	apply(t, s, `{"type":"channel.list","payload":{"channels":[{"chat_id":"c7","name":"Seven","is_default":true}]}}`)
	if s.DefaultLane() != chan7 || s.ChannelName(def) != "" {
		t.Fatalf("default %v, old default still listed: %q", s.DefaultLane(), s.ChannelName(def))
	}
	want(t, s, chan7, `user  "typed in the old default" failed`)
}

// A steer whose delivery is unknown (Iris died with it in flight) stays
// unknown after the newest history page: history holds no steers, so it
// cannot tell that the gateway lacks it.
func TestUnknownSteerStaysUnknownAfterHistory(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.AddSteer(def, "steer into the turn", "cm1")
	s.SetDelivery("cm1", DeliverySending)
	s.SetDelivery("cm1", DeliveryUnknown)
	s.ApplyHistory(def, "", page(1, 2, false))
	if out := s.Outgoing(); len(out) != 1 || out[0].Delivery != DeliveryUnknown {
		t.Fatalf("queue %+v, want the steer still of unknown delivery", out)
	}
}

// A channel removed while a draft waits in it (typed, not sent; the lane
// not focused) hands the draft to the default channel's, after what is
// there, and it is kept across a reopen; a thread's goes too.
func TestRemovedChannelHandsItsDraftToDefault(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	s.Focus(def)
	s.SetDraft(def, "default draft")
	s.SetDraft(chan7, "typed in seven")
	s.SetDraft(thr, "typed in the thread")
	apply(t, s, `{"type":"channel.deleted","payload":{"chat_id":"c7"}}`)
	const want = "default draft\ntyped in seven\ntyped in the thread"
	if d := s.Draft(def); d != want {
		t.Fatalf("default draft %q, want %q", d, want)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if d := s.Draft(def); d != want {
		t.Fatalf("after a reopen the default draft is %q, want %q", d, want)
	}
}
