package store

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// holdWriter keeps s's writer goroutine busy until the returned release is
// called: every batch sent meanwhile stays unwritten, so eviction keeps
// its items in memory (the writer "behind"), deterministically.
func holdWriter(s *State) (release func()) {
	started, done := make(chan struct{}), make(chan struct{})
	go s.db.onWriter(func() {
		close(started)
		<-done
	})
	<-started
	return func() { close(done) }
}

// cutReplySteps makes, in lane d, an interrupted reply r1 (its partial
// text stored) with four messages typed after it (still queued), then
// leaves the lane: a persistent State sheds r1 from memory once the
// writer has written it.
func cutReplySteps(t *testing.T, s *State) {
	t.Helper()
	apply(t, s, helloAck)
	s.Focus(def)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"q","ts":1800000001000}}`,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"r1","ts":1800000002000}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"r1","text":"partial"}}`)
	s.Settle(def, CutLost)
	for _, id := range []string{"c1", "c2", "c3", "c4"} {
		s.AddOutgoing(def, "later "+id, id, "", nil)
	}
}

// TestLaterFinalForAShedReplyMerges: the final of an interrupted reply
// (live or replayed, as message or message.stop) that arrives after its
// lane was left merges with the reply exactly as in a State that never
// drops anything from memory, whether the writer had written the reply
// (it was shed) or not (it was still held); the reads it needs are made
// ahead, none on the caller's goroutine, and the final text is stored.
func TestLaterFinalForAShedReplyMerges(t *testing.T) {
	finals := []struct {
		name, js string
		replayed bool
	}{
		{"message", `{"type":"message","chat_id":"d","payload":{"message_id":"r1","role":"assistant","text":"final answer","ts":1800000002000}}`, false},
		{"replayed message", `{"type":"message","chat_id":"d","cursor":9,"payload":{"message_id":"r1","role":"assistant","text":"final answer","ts":1800000002000}}`, true},
		{"message.stop", `{"type":"message.stop","chat_id":"d","payload":{"message_id":"r1","final_text":"final answer","ts":1800000002000}}`, false},
		{"replayed message.stop", `{"type":"message.stop","chat_id":"d","cursor":9,"payload":{"message_id":"r1","final_text":"final answer","ts":1800000002000}}`, true},
	}
	for _, fin := range finals {
		mem := newState(newClock())
		cutReplySteps(t, mem)
		mem.Apply(decode(t, fin.js), fin.replayed)
		want := dump(mem, def)
		if !strings.Contains(want, `assistant r1 "final answer"`+"\n") {
			t.Fatalf("%s: in memory the final does not merge:\n%s", fin.name, want)
		}
		for _, behind := range []bool{false, true} {
			t.Run(fin.name+map[bool]string{false: ", writer caught up", true: ", writer behind"}[behind], func(t *testing.T) {
				dir, clk, reads := t.TempDir(), newClock(), 0
				s, err := Open(dir, Options{Now: clk.now, PageSize: 2, IdleItems: IdleItems, OnSyncRead: func() { reads++ }})
				if err != nil {
					t.Fatal(err)
				}
				read(s, def) // a fresh store reads the empty lane in place once
				reads = 0
				release := func() {}
				if behind {
					release = holdWriter(s)
				}
				cutReplySteps(t, s)
				if !behind {
					s.SaveNow()
				}
				s.Focus(chan7)
				if shed := s.Lane(def).Message("r1") == nil; shed == behind {
					t.Fatalf("r1 shed %v with the writer behind %v", shed, behind)
				}
				f := decode(t, fin.js)
				var r Reads
				if s.NeedFrame(&r, f, fin.replayed) {
					if behind {
						t.Fatal("a final for a reply held in memory needs a read")
					}
					s.UseAhead(s.ReadAhead(&r).Read())
				}
				s.Apply(f, fin.replayed)
				s.DoneAhead()
				release()
				if reads != 0 {
					t.Fatalf("%d reads on the caller's goroutine", reads)
				}
				closeState(t, s)
				s = open(t, dir, clk)
				defer closeState(t, s)
				if got := dump(readAll(s), def); got != want {
					t.Fatalf("stored:\n%s\nwant (as in memory):\n%s", got, want)
				}
			})
		}
	}
}

// TestShedLanesApplyAsInMemory runs random scripts (without tool events,
// see scriptStep) on a State that keeps everything in memory and on a
// persistent one that sheds every lane as far as it may after each step
// (IdleItems, the writer caught up, every lane out of view): both end up
// with the same lanes, all pages read.
func TestShedLanesApplyAsInMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 43))
	next := scriptGen(r)
	for range 200 {
		script := make([]string, 40)
		for i := range script {
			for script[i] = next(); strings.Contains(script[i], `"tool.`); script[i] = next() {
			}
		}
		clk := newClock()
		mem, ids := newState(clk), 0
		for _, line := range script {
			scriptStep(mem, clk, line, &ids)
		}
		clk = newClock()
		s, err := Open(t.TempDir(), Options{Now: clk.now, PageSize: 2, IdleItems: IdleItems})
		if err != nil {
			t.Fatal(err)
		}
		ids = 0
		for _, line := range script {
			scriptStep(s, clk, line, &ids)
		}
		got, want := storedView(readAll(s)), storedView(mem)
		closeState(t, s)
		if got != want {
			t.Fatalf("shed:\n%s\nin memory:\n%s\nscript:\n%s", got, want, strings.Join(script, "\n"))
		}
	}
}
