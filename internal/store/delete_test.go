package store

import (
	"testing"
)

func TestMessageDeleted(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.ApplyHistory(def, "", page(1, 5, false))
	s.ApplyHistory(chan7, "", page(6, 7, false))
	c := apply(t, s, `{"type":"message.deleted","id":30,"chat_id":"d","payload":{"message_ids":["m2","m4"]}}`)
	if !c.Has(def) {
		t.Fatalf("%+v", c)
	}
	want(t, s, def, `assistant m1 "t1"`, `assistant m3 "t3"`, `assistant m5 "t5"`)
	if _, ok := s.Lane(def).IndexOf("m2"); ok {
		t.Fatal("m2 still indexed")
	}
	if i, _ := s.Lane(def).IndexOf("m5"); i != 2 {
		t.Fatalf("m5 at %d", i)
	}
	// Without a lane the frame goes nowhere; replays are no-ops.
	if c := apply(t, s, `{"type":"message.deleted","payload":{"message_ids":["m6","m7"]}}`); !c.Empty() {
		t.Fatalf("a deletion naming no lane changed %+v", c)
	}
	want(t, s, chan7, `user m6 "t6" sent`, `assistant m7 "t7"`)
	if c := replay(t, s, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["m2","m4"]}}`); !c.Empty() {
		t.Fatalf("replayed delete changed %+v", c)
	}
	// Nothing revives a deleted message: late stream frames, replays, or a
	// history page fetched before the delete.
	apply(t, s, `{"type":"message.start","chat_id":"d","payload":{"message_id":"s"}}`,
		`{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["s"]}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"s","text":"late"}}`,
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"s","final_text":"late"}}`)
	replay(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"m2","text":"t2"}}`)
	s.ApplyHistory(def, "", page(1, 5, false))
	want(t, s, def, `assistant m1 "t1"`, `assistant m3 "t3"`, `assistant m5 "t5"`)
}

func TestChannelDeletedRemovesLaneAndThreads(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s,
		`{"type":"message","chat_id":"c7","payload":{"message_id":"a","text":"x"}}`,
		`{"type":"message","chat_id":"c7","thread_id":"t1","payload":{"message_id":"b","text":"y"}}`,
		`{"type":"picker.choice","chat_id":"c7","thread_id":"t1","payload":{"picker_id":"p"}}`)
	s.SetDraft(thr, "half typed")
	c := apply(t, s, `{"type":"channel.deleted","payload":{"chat_id":"c7"}}`)
	if len(c.Removed) != 2 || !c.Directory || !c.Pickers {
		t.Fatalf("%+v", c)
	}
	wantTree(t, s, "*d Default")
	if s.Lane(chan7).Len() != 0 || s.Lane(thr).Len() != 0 || len(s.Pickers(thr)) != 0 || s.Draft(thr) != "" {
		t.Fatal("lane content survived")
	}
	// Late frames for the deleted lane are dropped; a replayed delete is a
	// no-op; re-creating the channel revives the lane, empty.
	if c := apply(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"late","text":"x"}}`); !c.Empty() {
		t.Fatalf("late frame changed %+v", c)
	}
	if c := replay(t, s, `{"type":"channel.deleted","payload":{"chat_id":"c7"}}`); !c.Empty() {
		t.Fatalf("replayed delete changed %+v", c)
	}
	apply(t, s, `{"type":"channel.created","payload":{"chat_id":"c7","name":"Again"}}`)
	wantTree(t, s, "*d Default", "c7 Again")
	want(t, s, chan7)
}

// Deleting one thread keeps its channel.
func TestThreadDeleted(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, `{"type":"channel.deleted","payload":{"chat_id":"c7","thread_id":"t1","kind":"thread","parent_chat_id":"c7"}}`)
	wantTree(t, s, "*d Default", "c7 Seven")
}

func TestTreeOrderAndDefault(t *testing.T) {
	s := newState(newClock())
	if s.DefaultLane() != lane("", "") || len(s.Tree()) != 0 {
		t.Fatal("empty state has a directory")
	}
	apply(t, s, `{"type":"channel.list","payload":{"channels":[
		{"chat_id":"b","name":"B"},
		{"chat_id":"a","thread_id":"x","kind":"thread","parent_chat_id":"a","name":"AX"},
		{"chat_id":"orphan","thread_id":"y","kind":"thread","parent_chat_id":"orphan","name":"OY"},
		{"chat_id":"a","name":"A","is_default":true}]}}`)
	wantTree(t, s, "*a A", "  a/x AX", "b B", "orphan/y OY")
	if s.DefaultLane() != lane("a", "") {
		t.Fatal(s.DefaultLane())
	}
	// A new default takes the mark from the old one.
	apply(t, s, `{"type":"channel.created","payload":{"chat_id":"c","name":"C","is_default":true}}`)
	wantTree(t, s, "*c C", "b B", "a A", "  a/x AX", "orphan/y OY")
}

// An empty listing is a gateway fault and must not wipe the directory.
func TestEmptyListingIgnored(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, `{"type":"channel.list","payload":{"channels":[]}}`,
		`{"type":"hello.ack","payload":{"server_caps":{},"sync_cursor":1,"channels":[]}}`)
	wantTree(t, s, "*d Default", "c7 Seven", "  c7/t1 Thread")
}
