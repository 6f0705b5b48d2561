package store

import (
	"slices"
	"testing"
)

// TestReplyIsTheFirstTurnAfterTheEcho: with the spec's own frame shapes
// (no reply_to on message.start), the reply to a message is the first
// assistant turn that starts in the lane after its echo; a turn that
// started before it answers something else.
func TestReplyIsTheFirstTurnAfterTheEcho(t *testing.T) {
	s := newState(newClock())
	apply(t, s,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"first"}}`,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"a1","role":"assistant"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"second"}}`,
	)
	if got := s.ReplyOf(def, "u2"); got != "" {
		t.Fatalf("u2 answered by %q before its turn started", got)
	}
	apply(t, s,
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"a1","final_text":"one"}}`,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"a2","role":"assistant"}}`,
	)
	if got := s.ReplyOf(def, "u1"); got != "a1" {
		t.Fatalf("u1 answered by %q, want a1", got)
	}
	if got := s.ReplyOf(def, "u2"); got != "a2" {
		t.Fatalf("u2 answered by %q, want a2", got)
	}
	if got := s.Answers(def, "a2"); got != "u2" {
		t.Fatalf("a2 answers %q, want u2", got)
	}
}

// TestReplyFollowsTheReceiptAndReplyTo: a read.receipt marks the message
// as handed to the agent; a turn frame's reply_to, when present, wins.
func TestReplyFollowsTheReceiptAndReplyTo(t *testing.T) {
	s := newState(newClock())
	apply(t, s,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"one"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u2","role":"user","text":"two"}}`,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"a1","role":"assistant","reply_to":"u1"}}`,
		`{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u3"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"a2","role":"assistant","text":"done"}}`,
	)
	for user, want := range map[string]string{"u1": "a1", "u2": "a2", "u3": "a2"} {
		if got := s.ReplyOf(def, user); got != want {
			t.Errorf("%s answered by %q, want %q", user, got, want)
		}
	}
}

// TestFinishedListsEachMessageOnce: a live repeat of a finished message
// (the gateway sent it twice) is not listed as finished again.
func TestFinishedListsEachMessageOnce(t *testing.T) {
	s := newState(newClock())
	msg := `{"type":"message","chat_id":"d","payload":{"message_id":"a1","role":"assistant","text":"hi"}}`
	stop := `{"type":"message.stop","chat_id":"d","payload":{"message_id":"a2","final_text":"there"}}`
	var got []string
	for _, js := range []string{msg, msg, `{"type":"message.start","chat_id":"d","payload":{"message_id":"a2"}}`, stop, stop} {
		for _, r := range apply(t, s, js).Finished {
			got = append(got, r.ID)
		}
	}
	if !slices.Equal(got, []string{"a1", "a2"}) {
		t.Fatalf("finished %v, want [a1 a2]", got)
	}
}
