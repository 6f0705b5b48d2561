package store

import (
	"fmt"
	"testing"
)

const (
	busyFrame  = `{"type":"agent.busy","chat_id":"d","payload":{"reason":"tool"}}`
	idleFrame  = `{"type":"agent.idle","chat_id":"d","payload":{}}`
	toolStart  = `{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"terminal","preview":"make"}}`
	toolEnd    = `{"type":"tool.end","chat_id":"d","payload":{"index":1,"ok":true,"output_preview":"built"}}`
	msgStart   = `{"type":"message.start","chat_id":"d","payload":{"message_id":"a1","role":"assistant"}}`
	msgPartial = `{"type":"message.update","chat_id":"d","payload":{"message_id":"a1","text":"part"}}`
	msgStop    = `{"type":"message.stop","chat_id":"d","payload":{"message_id":"a1","final_text":"whole answer"}}`
	userEcho   = `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"go","ts":1800000000000}}`
)

// A lane Settle marks after a restart is idle, with its running card and
// streaming bubble marked; both are stored with the mark and survive a
// restart, and their late ends still finish them.
func TestSettleMarksAndPersists(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck, userEcho, busyFrame, toolStart, msgStart, msgPartial)
	if got := s.Unsettled(); len(got) != 1 || got[0] != def {
		t.Fatalf("unsettled %v", got)
	}
	c := s.Settle(def, CutRestart)
	if !c.Has(def) || !c.Directory {
		t.Fatalf("change %+v", c)
	}
	want(t, s, def, `user u1 "go" sent`, `tool 1 terminal interrupted (gateway restarted)`,
		`assistant a1 "part" interrupted (gateway restarted)`)
	if ln := s.Lane(def); ln.Busy || len(s.Unsettled()) != 0 {
		t.Fatalf("busy %v unsettled %v", ln.Busy, s.Unsettled())
	}
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	if got := s.Unsettled(); len(got) != 0 {
		t.Fatalf("unsettled after restart %v", got)
	}
	want(t, s, def, `user u1 "go" sent`, `tool 1 terminal interrupted (gateway restarted)`,
		`assistant a1 "part" interrupted (gateway restarted)`)
	replay(t, s, withCursors([]string{toolEnd, msgStop}, 20)...)
	want(t, s, def, `user u1 "go" sent`, `tool 1 terminal ok=true out=built`, `assistant a1 "whole answer"`)
}

// A card an earlier run left running is found at Open and settled.
func TestRunningCardOfEarlierRunIsUnsettled(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck, userEcho, busyFrame, toolStart)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if got := s.Unsettled(); len(got) != 1 || got[0] != def {
		t.Fatalf("unsettled %v", got)
	}
	s.Settle(def, CutLost)
	want(t, s, def, `user u1 "go" sent`, `tool 1 terminal interrupted (connection lost)`)
}

// agent.idle replayed before message.stop and tool.end closes the
// bubble and the card, and the replayed ends still apply their final
// state; a second replay of the stop is a no-op.
func TestReplayedEndsAfterIdleApply(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, userEcho, busyFrame, toolStart, msgStart, msgPartial)
	replay(t, s, withCursors([]string{idleFrame, toolEnd, msgStop}, 20)...)
	want(t, s, def, `user u1 "go" sent`, `tool 1 terminal ok=true out=built`, `assistant a1 "whole answer"`)
	if c := s.Apply(decode(t, msgStop), true); len(c.Lanes) != 0 {
		t.Fatalf("a repeated stop changed %+v", c)
	}
	// The same with the final message frame instead of message.stop.
	s = newState(newClock())
	apply(t, s, helloAck, userEcho, busyFrame, msgStart, msgPartial)
	replay(t, s, withCursors([]string{idleFrame,
		`{"type":"message","chat_id":"d","payload":{"message_id":"a1","role":"assistant","text":"whole answer"}}`}, 20)...)
	want(t, s, def, `user u1 "go" sent`, `assistant a1 "whole answer"`)
}

// A replayed idle applies although the user's placeholder typed
// since (queued, not echoed) follows the replay's anchor.
func TestReplayedIdleBeforeQueuedPlaceholder(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, userEcho, busyFrame)
	s.AddOutgoing(def, "typed meanwhile", "c9", "", nil)
	replay(t, s, withCursors([]string{userEcho, idleFrame}, 20)...)
	if s.Lane(def).Busy {
		t.Fatal("replayed idle ignored behind a queued placeholder")
	}
}

// A steer is an outgoing message until the gateway takes it; it never
// matches an echo by text, leaves the queue once delivered (also across a
// restart), and Unsteer turns it into a plain queued message.
func TestSteerLifecycle(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck, userEcho, busyFrame)
	s.AddSteer(def, "focus", "s1")
	s.AddSteer(def, "again", "s2")
	if out := s.Outgoing(); len(out) != 2 || !out[0].Steer || out[0].Text != "focus" {
		t.Fatalf("outgoing %+v", out)
	}
	s.SetDelivery("s1", DeliverySending)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"focus","ts":1800000009000}}`)
	if out := s.Outgoing(); len(out) != 2 {
		t.Fatalf("an echo matched a steer by text: %+v", out)
	}
	s.SteerDelivered("s1")
	s.Unsteer("s2")
	out := s.Outgoing()
	if len(out) != 1 || out[0].ClientMsgID != "s2" || out[0].Steer || out[0].Delivery != DeliveryQueued {
		t.Fatalf("outgoing %+v", out)
	}
	want(t, s, def, `user u1 "go" sent`, `user  "focus" sent steer`, `user  "again" queued`, `user u2 "focus" sent`)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if out := s.Outgoing(); len(out) != 1 || out[0].ClientMsgID != "s2" {
		t.Fatalf("outgoing after restart %+v", out)
	}
}

// Answered: the current turn holds a final answer and nothing streaming;
// a message typed since (a placeholder) starts no turn yet.
func TestAnswered(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, userEcho, busyFrame, msgStart, msgPartial)
	if s.Answered(def) {
		t.Fatal("answered while streaming")
	}
	apply(t, s, msgStop)
	s.AddOutgoing(def, "next", "c1", "", nil)
	if !s.Answered(def) {
		t.Fatal("not answered after the stop")
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"next","client_msg_id":"c1"}}`)
	if s.Answered(def) {
		t.Fatal("a new turn counts as answered")
	}
}

// A card an earlier run left running far back in a long lane is found and
// settled without reading the transcript back to it (Open would otherwise
// page through the whole lane): its stored row is closed in place.
func TestSettleOldRunningCardInPlace(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck, userEcho, busyFrame, toolStart)
	for i := 2; i <= 130; i++ {
		apply(t, s, fmt.Sprintf(`{"type":"message","chat_id":"d","payload":{"message_id":"m%d","role":"assistant","text":"t%d","ts":%d}}`,
			i, i, 1_800_000_000_000+int64(i)*1000))
	}
	closeState(t, s)

	s = open(t, dir, clk)
	if n := s.Lane(def).Len(); n > 60 {
		t.Fatalf("Open read %d items of the lane", n)
	}
	if got := s.Unsettled(); len(got) != 1 || got[0] != def {
		t.Fatalf("unsettled %v", got)
	}
	s.Settle(def, CutLost)
	if got := s.Unsettled(); len(got) != 0 {
		t.Fatalf("unsettled after Settle %v", got)
	}
	closeState(t, s)
	conn := rawDB(t, dir)
	if n := count(t, conn, `SELECT COUNT(*) FROM items WHERE open = 1`); n != 0 {
		t.Fatalf("%d rows still open", n)
	}
	if n := count(t, conn, `SELECT COUNT(*) FROM items WHERE json_extract(body, '$.tool.cut') = ? AND json_extract(body, '$.tool.running') = 0`, CutLost); n != 1 {
		t.Fatalf("%d cards closed with the mark", n)
	}
	conn.Close()
	s = open(t, dir, clk)
	defer closeState(t, s)
	if got := s.Unsettled(); len(got) != 0 {
		t.Fatalf("unsettled after a restart %v", got)
	}
}

// An idle after a later turn closes what an earlier turn left open as
// interrupted: the gateway lost that turn (restarted while Iris was away)
// and a new turn has run since, so reconciliation, seeing the lane alive,
// never settled it. The turn that just ended is closed quietly, as ever,
// and a late end frame of the old one still finishes it.
func TestIdleAfterALaterTurnMarksAnEarlierOpenReply(t *testing.T) {
	s := open(t, t.TempDir(), newClock())
	apply(t, s, helloAck, userEcho, busyFrame, msgStart, msgPartial,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"again","ts":1800000001000}}`,
		busyFrame,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"a2","role":"assistant"}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"a2","text":"half"}}`,
		idleFrame)
	want(t, s, def, `user u1 "go" sent`, `assistant a1 "part" interrupted (connection lost)`,
		`user u2 "again" sent`, `assistant a2 "half"`)
	apply(t, s, msgStop)
	want(t, s, def, `user u1 "go" sent`, `assistant a1 "whole answer"`, `user u2 "again" sent`, `assistant a2 "half"`)
}
