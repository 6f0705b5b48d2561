package store

import (
	"strings"
	"testing"
)

// TestRepeatedCommentaryOfAShedTurnIsKnown: a commentary beat shed from
// memory (its lane left, the writer caught up) that comes again with the
// same message_id, live or replayed, is known stored: the read it needs
// is made ahead, none on the caller's goroutine, and it is stored once, as
// in a State that keeps everything in memory.
func TestRepeatedCommentaryOfAShedTurnIsKnown(t *testing.T) {
	testRepeatOfShedItem(t, `{"type":"commentary","chat_id":"d","payload":{"message_id":"k1","text":"looking at the logs"}}`, "looking at the logs", "c:k1")
}

// TestRepeatedMediaOfferOfAShedTurnIsKnown is the same for a media offer
// repeated with the same media_id: its chip is shown once.
func TestRepeatedMediaOfferOfAShedTurnIsKnown(t *testing.T) {
	testRepeatOfShedItem(t, `{"type":"media.offer","chat_id":"d","payload":{"media_id":"md1","kind":"image","mime":"image/png","size":3,"filename":"plot.png"}}`, "media=md1", offerKey("md1"))
}

// testRepeatOfShedItem applies beat (a frame deduped by key) in lane d,
// sheds it, and applies it again, live and replayed: it must be stored
// once, and its text (seen) shown once, with the read made ahead.
func testRepeatOfShedItem(t *testing.T, beat, seen, key string) {
	t.Helper()
	steps := func(t *testing.T, s *State) {
		t.Helper()
		apply(t, s, helloAck)
		s.Focus(def)
		apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"q","ts":1800000001000}}`, beat)
		for _, id := range []string{"a1", "a2", "a3", "a4", "a5"} {
			apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"`+id+`","role":"assistant","text":"x","ts":1800000002000}}`)
		}
	}
	for _, replayed := range []bool{false, true} {
		mem := newState(newClock())
		steps(t, mem)
		mem.Apply(decode(t, beat), replayed)
		want := dump(mem, def)
		if n := strings.Count(want, seen); n != 1 {
			t.Fatalf("in memory the beat is held %d times:\n%s", n, want)
		}
		dir, clk, reads := t.TempDir(), newClock(), 0
		s, err := Open(dir, Options{Now: clk.now, PageSize: 2, IdleItems: IdleItems, OnSyncRead: func() { reads++ }})
		if err != nil {
			t.Fatal(err)
		}
		read(s, def) // a fresh store reads the empty lane in place once
		steps(t, s)
		s.SaveNow()
		s.Focus(chan7)
		if ln := s.Lane(def); ln.byMsg[key] != nil {
			t.Fatalf("the beat was not shed (%d items held)", ln.Len())
		}
		reads = 0
		f := decode(t, beat)
		var r Reads
		if s.NeedFrame(&r, f, replayed) {
			s.UseAhead(s.ReadAhead(&r).Read())
		}
		s.Apply(f, replayed)
		s.DoneAhead()
		if reads != 0 {
			t.Fatalf("replayed %v: %d reads on the caller's goroutine", replayed, reads)
		}
		closeState(t, s)
		s = open(t, dir, clk)
		got := dump(readAll(s), def)
		closeState(t, s)
		if got != want {
			t.Fatalf("replayed %v: stored:\n%s\nwant (as in memory):\n%s", replayed, got, want)
		}
	}
}
