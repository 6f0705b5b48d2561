package store

import "testing"

// TestStoppedReplyIsMarked: a reply ending a turn the user stopped is
// marked Stopped, whether message.stop or agent.idle ends it; the next
// turn's reply is not.
func TestStoppedReplyIsMarked(t *testing.T) {
	for _, end := range []string{
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m1","final_text":"half"}}`,
		`{"type":"agent.idle","chat_id":"d","payload":{}}`,
	} {
		s := newState(newClock())
		apply(t, s, `{"type":"agent.busy","chat_id":"d","payload":{"reason":"llm"}}`,
			`{"type":"message.start","chat_id":"d","payload":{"message_id":"m1","role":"assistant"}}`,
			`{"type":"message.update","chat_id":"d","payload":{"message_id":"m1","text":"half"}}`)
		s.StopRequested(def)
		apply(t, s, end, `{"type":"agent.idle","chat_id":"d","payload":{}}`)
		ln := s.Lane(def)
		if m := ln.Item(0).Msg; !m.Stopped {
			t.Fatalf("%s: the stopped reply is not marked: %+v", end, m)
		}
		apply(t, s, `{"type":"agent.busy","chat_id":"d","payload":{"reason":"llm"}}`,
			`{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"again"}}`,
			`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m2","final_text":"whole"}}`,
			`{"type":"agent.idle","chat_id":"d","payload":{}}`)
		if m := ln.Item(ln.Len() - 1).Msg; m.ID != "m2" || m.Stopped {
			t.Fatalf("%s: the next turn's reply is marked stopped: %+v", end, m)
		}
	}
}

// TestStopRequestedOnIdleLaneIsIgnored: asking to stop an idle lane marks
// nothing later.
func TestStopRequestedOnIdleLaneIsIgnored(t *testing.T) {
	s := newState(newClock())
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"hi"}}`)
	s.StopRequested(def)
	apply(t, s, `{"type":"agent.busy","chat_id":"d","payload":{"reason":"llm"}}`,
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m1","final_text":"all"}}`)
	if s.Lane(def).Item(1).Msg.Stopped {
		t.Fatal("a stop asked while idle marked the next reply")
	}
}

// TestStopPendingUntilTheTurnEnds: StopPending holds from the request to
// the turn's end.
func TestStopPendingUntilTheTurnEnds(t *testing.T) {
	s := newState(newClock())
	apply(t, s, `{"type":"agent.busy","chat_id":"d","payload":{"reason":"llm"}}`)
	s.StopRequested(def)
	if !s.StopPending(def) {
		t.Fatal("no stop pending after the request")
	}
	apply(t, s, `{"type":"agent.idle","chat_id":"d","payload":{}}`)
	if s.StopPending(def) {
		t.Fatal("the stop is still pending after agent.idle")
	}
}
