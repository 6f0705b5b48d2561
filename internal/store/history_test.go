package store

import (
	"fmt"
	"testing"

	"github.com/hermes/iris/frame"
)

// page builds a history page of messages m<from>..m<to> (oldest first),
// alternating user and assistant, ts one second apart.
func page(from, to int, more bool) frame.History {
	h := frame.History{HasMore: more}
	for i := from; i <= to; i++ {
		role := frame.RoleAssistant
		if i%2 == 0 {
			role = frame.RoleUser
		}
		h.Messages = append(h.Messages, frame.Message{MessageID: fmt.Sprintf("m%d", i), Role: role,
			Text: fmt.Sprintf("t%d", i), TS: 1_800_000_000_000 + int64(i)*1000})
	}
	if len(h.Messages) > 0 {
		h.OldestMessageID = h.Messages[0].MessageID
	}
	return h
}

// ids lists the message ids of a lane's items.
func ids(s *State, l frame.Lane) []string {
	var out []string
	ln := read(s, l)
	for i := range ln.Len() {
		if m := ln.Item(i).Msg; m != nil {
			out = append(out, m.ID)
		}
	}
	return out
}

func wantIDs(t *testing.T, s *State, l frame.Lane, from, to int) {
	t.Helper()
	got := ids(s, l)
	var exp []string
	for i := from; i <= to; i++ {
		exp = append(exp, fmt.Sprintf("m%d", i))
	}
	if fmt.Sprint(got) != fmt.Sprint(exp) {
		t.Fatalf("ids %v, want %v", got, exp)
	}
	for i := range s.Lane(l).Len() {
		if j, ok := s.Lane(l).IndexOf(s.Lane(l).Item(i).Msg.ID); !ok || j != i {
			t.Fatalf("IndexOf(%s) = %d %v, want %d", s.Lane(l).Item(i).Msg.ID, j, ok, i)
		}
	}
}

func TestHistoryNewestThenOlderPages(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	ln := s.Lane(def)
	if _, req := loadOlder(s, def); req != nil || ln.HasMore || ln.HistoryLoaded {
		t.Fatalf("empty lane: req %+v lane %+v", req, ln)
	}
	c := s.ApplyHistory(def, "", page(51, 100, true))
	wantIDs(t, s, def, 51, 100)
	if !c.Has(def) || !ln.HasMore || !ln.HistoryLoaded || ln.OldestID != "m51" || ln.Unread != 0 {
		t.Fatalf("lane %+v change %+v", ln, c)
	}
	_, req := loadOlder(s, def)
	if req == nil || req.BeforeMessageID != "m51" || req.Limit != 50 {
		t.Fatalf("request %+v", req)
	}
	s.ApplyHistory(def, "m51", page(1, 51, false)) // overlaps by one
	wantIDs(t, s, def, 1, 100)
	if ln.HasMore || ln.OldestID != "m1" {
		t.Fatalf("lane %+v", ln)
	}
	if _, req := loadOlder(s, def); req != nil {
		t.Fatalf("request %+v after the last page", req)
	}
	// The same pages again change nothing.
	n := ln.Len()
	s.ApplyHistory(def, "", page(51, 100, true))
	s.ApplyHistory(def, "m51", page(1, 51, false))
	if ln.Len() != n || ln.HasMore {
		t.Fatalf("re-applied pages: len %d more %v", ln.Len(), ln.HasMore)
	}
}

// The newest page merges with what sync delivered before it, in timestamp
// order, without duplicates; items without a gateway ts keep their place.
func TestHistoryMergesWithLiveItems(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s,
		`{"type":"message","chat_id":"d","payload":{"message_id":"m5","role":"assistant","text":"t5","ts":1800000005000}}`,
		`{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"x"}}`,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"m7","ts":1800000007000}}`)
	s.ApplyHistory(def, "", page(3, 7, true))
	want(t, s, def, `assistant m3 "t3"`, `user m4 "t4" sent`, `assistant m5 "t5"`, `tool 1 x running`, `user m6 "t6" sent`, `assistant m7 "t7"`)
}

func TestHistoryOrderByTimestamp(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.ApplyHistory(def, "", page(3, 7, true))
	s.ApplyHistory(def, "m3", page(1, 2, false))
	wantIDs(t, s, def, 1, 7)
}

// The lane's last-turn model comes from its newest answer, whatever order
// pages arrive in.
func TestModelFromNewestAnswer(t *testing.T) {
	s := newState(newClock())
	newest := page(3, 3, true)
	newest.Messages[0].Model = "new"
	older := page(1, 1, false)
	older.Messages[0].Model = "old"
	s.ApplyHistory(def, "", newest)
	s.ApplyHistory(def, "m3", older)
	if m := s.Lane(def).Model; m != "new" {
		t.Fatalf("model %q", m)
	}
}

// After a long absence the newest page does not reach what the lane holds:
// LoadOlder fills the gap first, page by page, until it meets known
// messages; the gap survives a restart.
func TestHistoryGapFilledFirst(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	s.ApplyHistory(def, "", page(1, 5, true))
	s.ApplyHistory(def, "", page(50, 99, true))
	ln := s.Lane(def)
	_, req := loadOlder(s, def)
	if req == nil || req.BeforeMessageID != "m50" || !ln.HasMore {
		t.Fatalf("request %+v", req)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if _, req = loadOlder(s, def); req == nil || req.BeforeMessageID != "m50" {
		t.Fatalf("after reopen: request %+v", req)
	}
	s.ApplyHistory(def, "m50", page(30, 49, true))
	if _, req = loadOlder(s, def); req == nil || req.BeforeMessageID != "m30" {
		t.Fatalf("request %+v", req)
	}
	s.ApplyHistory(def, "m30", page(5, 29, true))
	for s.Lane(def).localMore {
		loadOlder(s, def)
	}
	wantIDs(t, s, def, 1, 99)
	if _, req = loadOlder(s, def); req == nil || req.BeforeMessageID != "m1" {
		t.Fatalf("request %+v after the gap", req)
	}
}
