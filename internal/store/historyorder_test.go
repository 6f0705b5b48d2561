package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// applyHistoryFrame applies a history response (JSON, the spec's shape)
// as the answer to a request for the page before message id before.
func applyHistoryFrame(t *testing.T, s *State, before, js string) Change {
	t.Helper()
	f := decode(t, js)
	return s.ApplyHistory(f.Lane(), before, *f.Payload.(*frame.History))
}

// The spec's history example, without the optional ts, and the page
// before it.
const (
	newestNoTS = `{"type":"history","id":20,"chat_id":"android:default","thread_id":null,
 "payload":{
   "messages":[
     {"message_id":"m_8990","role":"user","text":"Hi"},
     {"message_id":"m_8991","role":"assistant","text":"Hello!","reasoning":"…",
      "model":"qwen3-27b","tokens":8}
   ],
   "has_more":true,
   "oldest_message_id":"m_8990"
 }}`
	olderNoTS = `{"type":"history","id":21,"chat_id":"android:default","thread_id":null,
 "payload":{
   "messages":[
     {"message_id":"m_8988","role":"user","text":"Earlier"},
     {"message_id":"m_8989","role":"assistant","text":"Earlier answer"}
   ],
   "has_more":false,
   "oldest_message_id":"m_8988"
 }}`
)

// TestHistoryPagesWithoutTSKeepTheSpecsOrder: pages whose messages carry
// no ts are placed by history order, not as if they were new: the older
// page goes above the newest one (before, it showed below it), also after
// a restart; a newest page meeting a message that came live goes before
// it and does not restamp it.
func TestHistoryPagesWithoutTSKeepTheSpecsOrder(t *testing.T) {
	l := lane("android:default", "")
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	applyHistoryFrame(t, s, "", newestNoTS)
	clk.advance(time.Minute)
	_, req := loadOlder(s, l)
	if req == nil || req.BeforeMessageID != "m_8990" {
		t.Fatalf("request %+v", req)
	}
	applyHistoryFrame(t, s, req.BeforeMessageID, olderNoTS)
	order := "[m_8988 m_8989 m_8990 m_8991]"
	if got := fmt.Sprint(ids(s, l)); got != order {
		t.Fatalf("order %s, want %s", got, order)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	for s.Lane(l).localMore {
		loadOlder(s, l)
	}
	if got := fmt.Sprint(ids(s, l)); got != order {
		t.Fatalf("after reopen: order %s, want %s", got, order)
	}

	live := newState(clk)
	apply(t, live, `{"type":"message","chat_id":"android:default","payload":{"message_id":"m_8992","role":"assistant","text":"Live"}}`)
	arrived := clk.now()
	clk.advance(time.Minute)
	applyHistoryFrame(t, live, "", `{"type":"history","id":22,"chat_id":"android:default","payload":{"messages":[
		{"message_id":"m_8990","role":"user","text":"Hi"},
		{"message_id":"m_8991","role":"assistant","text":"Hello!"},
		{"message_id":"m_8992","role":"assistant","text":"Live, revised"}],"has_more":false}}`)
	if got, want := fmt.Sprint(ids(live, l)), "[m_8990 m_8991 m_8992]"; got != want {
		t.Fatalf("newest page around a live message: %s, want %s", got, want)
	}
	if m := live.Lane(l).Message("m_8992"); m.Text != "Live, revised" || !m.TS.Equal(arrived) {
		t.Fatalf("the page restamped the live message: %q at %v, want %v", m.Text, m.TS, arrived)
	}
}

// TestOlderPageWithoutTSAfterTheLaneWasShed: the user scrolled up, then
// left the lane before the older page came; leaving shed the lane's
// oldest items, the message the page was asked for before among them.
// The page still goes above it (it went to the bottom).
func TestOlderPageWithoutTSAfterTheLaneWasShed(t *testing.T) {
	l, other := lane("android:default", ""), lane("android:other", "")
	page := func(from, to int, more bool) frame.History {
		h := frame.History{HasMore: more}
		for i := from; i <= to; i++ {
			h.Messages = append(h.Messages, frame.Message{MessageID: fmt.Sprintf("m_%d", i), Role: frame.RoleAssistant, Text: "t"})
		}
		return h
	}
	clk := newClock()
	s, err := Open(t.TempDir(), Options{Now: clk.now, PageSize: 6, IdleItems: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer closeState(t, s)
	focus(s, l)
	s.ApplyHistory(l, "", page(5, 10, true))
	_, req := loadOlder(s, l)
	if req == nil || req.BeforeMessageID != "m_5" {
		t.Fatalf("request %+v", req)
	}
	s.db.flush()
	s.Focus(other)
	if _, held := s.Lane(l).IndexOf("m_5"); held {
		t.Fatal("leaving the lane shed nothing: the test needs m_5 out of memory")
	}
	s.ApplyHistory(l, req.BeforeMessageID, page(1, 4, false))
	for s.Lane(l).localMore {
		loadOlder(s, l)
	}
	if got, want := fmt.Sprint(ids(s, l)), "[m_1 m_2 m_3 m_4 m_5 m_6 m_7 m_8 m_9 m_10]"; got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}
