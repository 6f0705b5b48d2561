package store

import (
	"testing"
)

func TestStreamingReplacesAndStopIsAuthoritative(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	focus(s, chan7)
	c := apply(t, s, `{"type":"message.start","chat_id":"d","payload":{"message_id":"m","role":"assistant"}}`)
	if !c.Has(def) || s.Lane(def).Unread != 1 {
		t.Fatalf("start: %+v unread %d", c, s.Lane(def).Unread)
	}
	it := s.Lane(def).Item(0)
	v0 := it.Version
	apply(t, s,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"He"}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"Hello","reasoning":"thinking"}}`)
	want(t, s, def, `assistant m "Hello" r="thinking" streaming`)
	if it.Version == v0 {
		t.Fatal("version not bumped by update")
	}
	v1 := it.Version
	if c := apply(t, s, `{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"Hello"}}`); !c.Empty() || it.Version != v1 {
		t.Fatalf("identical update changed %+v", c)
	}
	apply(t, s, `{"type":"message.stop","chat_id":"d","payload":{"message_id":"m","final_text":"Hello, world.","model":"q","runtime":{"model":"q2","cwd":"~"}}}`)
	want(t, s, def, `assistant m "Hello, world." r="thinking"`)
	if ln := s.Lane(def); ln.Model != "q2" || ln.Runtime.Cwd != "~" || ln.Unread != 1 {
		t.Fatalf("lane %+v", ln)
	}
	v2 := it.Version
	if c := apply(t, s, `{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"late"}}`); !c.Empty() || it.Version != v2 {
		t.Fatalf("update after stop changed %+v", c)
	}
	want(t, s, def, `assistant m "Hello, world." r="thinking"`)
}

// Frames for a bubble whose start was missed still build it.
func TestStreamingWithoutStart(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, `{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"par"}}`)
	want(t, s, def, `assistant m "par" streaming`)
	apply(t, s, `{"type":"message.stop","chat_id":"d","payload":{"message_id":"n","final_text":"whole"}}`)
	want(t, s, def, `assistant m "par" streaming`, `assistant n "whole"`)
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"m","role":"assistant","text":"final m"}}`)
	want(t, s, def, `assistant m "final m"`, `assistant n "whole"`)
}

// Several lanes stream at once without mixing.
func TestStreamingInterleavedLanes(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	c := apply(t, s,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"a"}}`,
		`{"type":"message.start","chat_id":"c7","thread_id":"t1","payload":{"message_id":"b"}}`,
		`{"type":"message.update","chat_id":"c7","thread_id":"t1","payload":{"message_id":"b","text":"B"}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"a","text":"A"}}`)
	want(t, s, def, `assistant a "A" streaming`)
	want(t, s, thr, `assistant b "B" streaming`)
	if len(c.Lanes) != 2 || c.Lanes[0] != def || c.Lanes[1] != thr {
		t.Fatalf("lanes %v", c.Lanes)
	}
}

func TestToolCardsInArrivalOrder(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u","role":"user","text":"go"}}`,
		`{"type":"tool.start","chat_id":"d","payload":{"index":0,"name":"read"}}`,
		`{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"grep"}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":1,"ok":false}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":0,"ok":true}}`,
		`{"type":"tool.start","chat_id":"d","payload":{"index":0,"name":"write"}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":0,"ok":true,"duration":0.5}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":7,"name":"orphan","ok":true}}`)
	want(t, s, def, `user u "go" sent`, `tool 0 read ok=true`, `tool 1 grep ok=false`, `tool 0 write ok=true`, `tool 7 orphan ok=true`)
	if d := s.Lane(def).Item(3).Tool.Duration; d == nil || *d != 0.5 {
		t.Fatalf("duration %v", d)
	}
}
