package store

import (
	"fmt"
	"testing"

	"github.com/hermes/iris/frame"
)

// msgFrames builds message frames for m<from>..m<to> of lane d, as page
// builds them; sync-replayed ones (cursored) carry cursor i for message i.
func msgFrames(from, to int, cursored bool) []string {
	var out []string
	for _, m := range page(from, to, false).Messages {
		var head string
		if cursored {
			var cur int
			fmt.Sscanf(m.MessageID, "m%d", &cur)
			head = fmt.Sprintf(`"cursor":%d,`, cur)
		}
		out = append(out, fmt.Sprintf(`{%s"type":"message","chat_id":"d","payload":{"message_id":%q,"role":%q,"text":%q,"ts":%d}}`,
			head, m.MessageID, m.Role, m.Text, m.TS))
	}
	return out
}

func replayedMsgs(from, to int) []string { return msgFrames(from, to, true) }

// pageAll pages lane d in locally until nothing older is held, failing on
// any history request (there is no gateway), and checks it then holds
// m1..m<to> in order.
func pageAll(t *testing.T, s *State, to int) {
	t.Helper()
	for range 100 {
		c, req := loadOlder(s, def)
		if req != nil {
			t.Fatalf("LoadOlder asked the gateway for %+v with %d items held", req, s.Lane(def).Len())
		}
		if !s.Lane(def).HasMore {
			wantIDs(t, s, def, 1, to)
			return
		}
		if !c.Has(def) {
			t.Fatalf("LoadOlder changed nothing with HasMore set")
		}
	}
	t.Fatal("LoadOlder never reached the oldest item")
}

// The newest page arrives while a long sync replay is still filling the
// same lane: once the replay reaches the page, nothing lies between them,
// so no gap is left behind, in memory or on disk, and whatever crashes in
// between.
func TestGapClosedByReplay(t *testing.T) {
	newest := page(81, 130, true)
	t.Run("memory", func(t *testing.T) {
		s := newState(newClock())
		s.ApplyHistory(def, "", page(1, 5, false))
		replay(t, s, replayedMsgs(6, 40)...)
		s.ApplyHistory(def, "", newest)
		replay(t, s, replayedMsgs(41, 130)...)
		if _, req := loadOlder(s, def); req != nil || s.Lane(def).HasMore {
			t.Fatalf("request %+v, HasMore %v after the replay met the page", req, s.Lane(def).HasMore)
		}
		wantIDs(t, s, def, 1, 130)
	})
	t.Run("persistent", func(t *testing.T) {
		dir, clk := t.TempDir(), newClock()
		s := open(t, dir, clk)
		s.ApplyHistory(def, "", page(1, 5, false))
		closeState(t, s)

		s = open(t, dir, clk)
		replay(t, s, replayedMsgs(6, 40)...)
		s.ApplyHistory(def, "", newest)
		replay(t, s, replayedMsgs(41, 60)...)
		closeState(t, s) // stopped mid-replay: the gap is still open

		s = open(t, dir, clk)
		if _, req := loadOlder(s, def); req == nil || req.BeforeMessageID != "m81" {
			t.Fatalf("mid-replay: request %+v, want the gap before m81", req)
		}
		closeState(t, s)

		s = open(t, dir, clk)
		replay(t, s, replayedMsgs(61, 130)...)
		closeState(t, s)

		s = open(t, dir, clk)
		defer closeState(t, s)
		pageAll(t, s, 130)
	})
}

// A replay that never reaches the page (the messages between are not
// parked for this device) leaves the gap: LoadOlder pages in the stored
// rows newer than the gap, then asks the gateway to fill it.
func TestGapKeptWithoutReplay(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	s.ApplyHistory(def, "", page(1, 5, false))
	replay(t, s, replayedMsgs(6, 10)...)
	s.ApplyHistory(def, "", page(81, 130, true))
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	_, req := loadOlder(s, def)
	if req == nil || req.BeforeMessageID != "m81" {
		t.Fatalf("request %+v, want the gap before m81", req)
	}
	s.ApplyHistory(def, "m81", page(10, 80, true))
	pageAll(t, s, 130)
}

// Stored items newer than the gap are paged in before the gap is asked
// for; a replayed streamed message (start, stop) reaching the gap's
// message closes it like a final one.
func TestGapAfterLocalRows(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	s.ApplyHistory(def, "", page(1, 5, false))
	s.ApplyHistory(def, "", page(81, 130, true))
	apply(t, s, msgFrames(131, 200, false)...)
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	var req *frame.HistoryRequest
	for range 10 {
		if _, req = loadOlder(s, def); req != nil {
			break
		}
	}
	if req == nil || req.BeforeMessageID != "m81" || s.Lane(def).Message("m81") == nil {
		t.Fatalf("request %+v with m81 held: %v, want the gap once the rows down to it are in",
			req, s.Lane(def).Message("m81") != nil)
	}
	replay(t, s, replayedMsgs(6, 80)...)
	ts := page(81, 81, false).Messages[0].TS
	replay(t, s, `{"cursor":81,"type":"message.start","chat_id":"d","payload":{"message_id":"m81","role":"assistant"}}`,
		fmt.Sprintf(`{"cursor":82,"type":"message.stop","chat_id":"d","payload":{"message_id":"m81","final_text":"t81","ts":%d}}`, ts))
	pageAll(t, s, 200)
}

// A long replay inserting every message at one spot (between the stored
// messages and a newer one) keeps them in order, in memory and on disk,
// however many there are.
func TestManyInsertsAtOneSpot(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	s.ApplyHistory(def, "", page(1, 1, false))
	apply(t, s, msgFrames(300, 300, false)...)
	replay(t, s, replayedMsgs(2, 299)...)
	wantIDs(t, s, def, 1, 300)
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	pageAll(t, s, 300)
}
