package store

import (
	"fmt"
	"strings"
	"testing"
)

// turn is one full agent turn in lane d: user message, busy, commentary,
// a tool call, a streamed answer with reasoning, idle.
func turn(n int) []string {
	ts := 1_800_000_000_000 + int64(n)*60_000
	return []string{
		fmt.Sprintf(`{"type":"message","chat_id":"d","payload":{"message_id":"u%d","role":"user","text":"q%d","ts":%d}}`, n, n, ts),
		`{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u` + fmt.Sprint(n) + `"}}`,
		`{"type":"agent.busy","chat_id":"d","payload":{"reason":"processing"}}`,
		fmt.Sprintf(`{"type":"commentary","chat_id":"d","payload":{"message_id":"c%d","text":"looking"}}`, n),
		`{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"terminal","preview":"ls"}}`,
		`{"type":"tool.progress","chat_id":"d","payload":{"index":1,"note":"half"}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":1,"ok":true,"output_preview":"a b"}}`,
		fmt.Sprintf(`{"type":"message.start","chat_id":"d","payload":{"message_id":"a%d","role":"assistant"}}`, n),
		fmt.Sprintf(`{"type":"message.update","chat_id":"d","payload":{"message_id":"a%d","text":"An"}}`, n),
		fmt.Sprintf(`{"type":"message.stop","chat_id":"d","payload":{"message_id":"a%d","final_text":"Answer %d","reasoning":"r","ts":%d}}`, n, n, ts+1000),
		`{"type":"agent.idle","chat_id":"d","payload":{}}`,
	}
}

// withCursors gives replayed frames increasing cursors from base.
func withCursors(frames []string, base int) []string {
	out := make([]string, len(frames))
	for i, f := range frames {
		out[i] = strings.Replace(f, `{"type"`, fmt.Sprintf(`{"cursor":%d,"type"`, base+i), 1)
	}
	return out
}

func laneState(s *State) string {
	ln := s.Lane(def)
	return fmt.Sprintf("%s unread=%d busy=%v typing=%v", dump(s, def), ln.Unread, ln.Busy, ln.Typing)
}

func TestReplayOfSeenFramesIsNoop(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	focus(s, chan7)
	frames := append(turn(1), turn(2)...)
	apply(t, s, frames...)
	before := laneState(s)
	want(t, s, def,
		`user u1 "q1" read`, `commentary "looking"`, `tool 1 terminal note=half ok=true out=a b`, `assistant a1 "Answer 1" r="r"`,
		`user u2 "q2" read`, `commentary "looking"`, `tool 1 terminal note=half ok=true out=a b`, `assistant a2 "Answer 2" r="r"`)
	for _, f := range withCursors(frames, 100) {
		c := s.Apply(decode(t, f), true)
		if len(c.Lanes) != 0 || c.Directory || c.Pickers {
			t.Fatalf("replay of %s changed %+v", f, c)
		}
	}
	if after := laneState(s); after != before {
		t.Fatalf("replay changed the lane:\n%s\nwant\n%s", after, before)
	}
	if s.Cursor() != int64(100+len(frames)-1) {
		t.Fatalf("cursor %d", s.Cursor())
	}
}

// A replay of an earlier, finished turn arriving while a later turn runs
// leaves the running turn's cards alone.
func TestReplayOfEarlierTurnLeavesCurrentTurn(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, turn(1)...)
	apply(t, s, turn(2)[:5]...) // u2 … tool 1 started
	replay(t, s, turn(1)...)
	if !s.Lane(def).Busy {
		t.Fatal("replayed idle of an earlier turn ended the running one")
	}
	want(t, s, def,
		`user u1 "q1" read`, `commentary "looking"`, `tool 1 terminal note=half ok=true out=a b`, `assistant a1 "Answer 1" r="r"`,
		`user u2 "q2" read`, `commentary "looking"`, `tool 1 terminal running`)
}

// Frames missed while offline are applied when replayed, and the cursor
// follows them.
func TestReplayOfMissedFramesApplies(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, turn(1)...)
	replay(t, s, withCursors(turn(2), 50)...)
	want(t, s, def,
		`user u1 "q1" read`, `commentary "looking"`, `tool 1 terminal note=half ok=true out=a b`, `assistant a1 "Answer 1" r="r"`,
		`user u2 "q2" read`, `commentary "looking"`, `tool 1 terminal note=half ok=true out=a b`, `assistant a2 "Answer 2" r="r"`)
	if s.Cursor() != 60 {
		t.Fatalf("cursor %d", s.Cursor())
	}
	// A replayed tool.end whose start was seen live finishes that card once.
	apply(t, s, turn(3)[:5]...)
	n := s.Lane(def).Len()
	replay(t, s, turn(3)[6], turn(3)[6])
	if s.Lane(def).Len() != n {
		t.Fatalf("replayed tool.end added a card:\n%s", dump(s, def))
	}
	if got := s.Lane(def).Item(s.Lane(def).Len() - 1).Tool; got.Running || got.Output != "a b" {
		t.Fatalf("%+v", got)
	}
}

// Channel events are idempotent.
func TestReplayOfChannelEvents(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	created := `{"type":"channel.created","payload":{"chat_id":"c8","name":"Eight"}}`
	renamed := `{"type":"channel.renamed","payload":{"chat_id":"c8","name":"Acht"}}`
	apply(t, s, created, renamed)
	for _, f := range []string{created, renamed} {
		if c := replay(t, s, renamed); !c.Empty() {
			t.Fatalf("%s changed %+v", f, c)
		}
	}
	wantTree(t, s, "*d Default", "c7 Seven", "  c7/t1 Thread", "c8 Acht")
	list := `{"type":"channel.list","payload":{"channels":[{"chat_id":"d","name":"Default","kind":"default","is_default":true},
	 {"chat_id":"c7","name":"Seven"},{"chat_id":"c7","thread_id":"t1","name":"Thread","kind":"thread","parent_chat_id":"c7"},
	 {"chat_id":"c8","name":"Acht"}]}}`
	if c := replay(t, s, list); !c.Empty() {
		t.Fatalf("same directory changed %+v", c)
	}
}
