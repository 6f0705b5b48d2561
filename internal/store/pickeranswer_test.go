package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
)

const (
	toolStart1  = `{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"terminal"}}`
	toolEnd1    = `{"type":"tool.end","chat_id":"d","payload":{"index":1,"ok":true}}`
	msgStart2   = `{"type":"message.start","chat_id":"d","payload":{"message_id":"m2"}}`
	msgStop2    = `{"type":"message.stop","chat_id":"d","payload":{"message_id":"m2","final_text":"done"}}`
	agentIdle   = `{"type":"agent.idle","chat_id":"d","payload":{}}`
	commentary1 = `{"type":"commentary","chat_id":"d","payload":{"message_id":"m3","text":"Let me inspect the repo first."}}`
)

// TestPickerClosesWhenTheTurnMovesOn: a tool.start, tool.end, message.stop
// or agent.idle for the lane after the picker means another device
// answered it; the record says so, never "expired".
func TestPickerClosesWhenTheTurnMovesOn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before []string // frames before the picker
		after  string
	}{
		{"tool.start", nil, toolStart1},
		{"tool.end", []string{toolStart1}, toolEnd1},
		{"message.stop", []string{msgStart2}, msgStop2},
		{"agent.idle", nil, agentIdle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(newClock())
			apply(t, s, helloAck)
			focus(s, def)
			apply(t, s, tc.before...)
			apply(t, s, approval)
			if c := apply(t, s, tc.after); !c.Pickers {
				t.Fatalf("change %+v", c)
			}
			if ps := s.Pickers(def); len(ps) != 0 {
				t.Fatalf("still pending: %+v", ps)
			}
			last := s.Lane(def).Item(s.Lane(def).Len() - 1)
			if last.Kind != KindPickerRecord || last.Text != ClosedText+": rm -rf build/" || last.Outcome != Closed {
				t.Fatalf("record %+v", last)
			}
		})
	}
}

// TestPickerStaysOnAReplayedStaleFrame: a replayed tool.start already held
// is not the turn moving on.
func TestPickerStaysOnAReplayedStaleFrame(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, toolStart1, approval)
	replay(t, s, toolStart1)
	wantPickers(t, s, Change{Pickers: true, Directory: true}, def, "", "pa")
}

// TestPickerAnswerSettlesOnTheGatewaysReply: an answer is "answering…"
// until the gateway replies; accepted, it becomes the answer's record;
// refused as not_found, it says it was not used.
func TestPickerAnswerSettlesOnTheGatewaysReply(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, approval, clarify)
	s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	want(t, s, def, `picker-record "answering…: rm -rf build/"`)
	if c := replay(t, s, approval); !c.Empty() {
		t.Fatalf("a replay of the picker being answered changed %+v", c)
	}
	s.PickerAccepted("pa")
	s.AnswerPicker(def, "pq", "v", "answered “x”: Which one?")
	s.PickerGone(def, "pq")
	want(t, s, def, `picker-record "approved once: rm -rf build/"`, `picker-record "your answer “v” was not used: answered on another device: Which one?"`)
	if it := s.Lane(def).Item(1); it.Outcome != AnsweredElsewhere {
		t.Fatalf("%+v", it)
	}
	if len(s.AllPickers()) != 0 {
		t.Fatalf("pending %+v", s.AllPickers())
	}
	if c := replay(t, s, clarify); !c.Empty() {
		t.Fatalf("a replay of a settled picker changed %+v", c)
	}
}

// TestPickerAnswerNotDeliveredStaysAnswerable: a failed picker.select puts
// the picker back in its place, with the reason, and it can be answered
// again; a replay of its frame does not duplicate it.
func TestPickerAnswerNotDeliveredStaysAnswerable(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck)
	apply(t, s, approval)
	clk.advance(time.Second)
	apply(t, s, clarify)
	s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	c := s.SettleAnswer("pa", false, errors.New("not connected"))
	wantPickers(t, s, c, def, "", "pa", "pq")
	if p := s.Pickers(def)[0]; p.Failed != "not connected" {
		t.Fatalf("%+v", p)
	}
	if len(c.Answers) != 1 || c.Answers[0].Result != audit.Failed || c.Answers[0].Reason != "not connected" || c.Answers[0].Value != "v" {
		t.Fatalf("news %+v", c.Answers)
	}
	want(t, s, def, `picker-record "not delivered (not connected), still waiting for an answer: rm -rf build/"`)
	if c := replay(t, s, approval); !c.Empty() {
		t.Fatalf("replay changed %+v", c)
	}
	s.AnswerPicker(def, "pa", "v", "denied: rm -rf build/")
	s.PickerAccepted("pa")
	want(t, s, def, `picker-record "not delivered (not connected), still waiting for an answer: rm -rf build/"`,
		`picker-record "denied: rm -rf build/"`)
	if len(s.Pickers(def)) != 1 {
		t.Fatalf("%+v", s.Pickers(def))
	}
}

// TestPickerAnswerAcceptedWhenTheTurnMovesOn: the spec gives
// picker.select no response; the agent going on in the lane after it
// accepts the answer at once, and the silence that follows changes
// nothing.
func TestPickerAnswerAcceptedWhenTheTurnMovesOn(t *testing.T) {
	for _, next := range []string{toolStart1, commentary1, msgStart2, agentIdle} {
		s := newState(newClock())
		apply(t, s, helloAck)
		apply(t, s, approval)
		s.AnswerPicker(def, "pa", "once", "approved once: rm -rf build/")
		c := apply(t, s, next)
		if len(c.Answers) != 1 || c.Answers[0].Result != audit.Accepted || c.Answers[0].Value != "once" {
			t.Fatalf("after %s: news %+v", next, c.Answers)
		}
		if c := s.SettleAnswer("pa", false, nil); len(c.Answers) != 0 {
			t.Fatalf("silence after the acceptance: news %+v", c.Answers)
		}
		if len(s.AllPickers()) != 0 || !strings.Contains(dump(s, def), `picker-record "approved once: rm -rf build/"`) {
			t.Fatalf("after %s: pending %+v\n%s", next, s.AllPickers(), dump(s, def))
		}
	}
}

// TestPickerAnswerRefusedAfterTheTurnMovedOn: an error with the answer's id
// undoes its acceptance by the turn moving on.
func TestPickerAnswerRefusedAfterTheTurnMovedOn(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, approval)
	s.AnswerPicker(def, "pa", "once", "approved once: rm -rf build/")
	apply(t, s, toolStart1)
	c := s.SettleAnswer("pa", false, &frame.Error{Code: frame.CodeInternal, Message: "boom"})
	if len(c.Answers) != 1 || c.Answers[0].Result != audit.Refused || c.Answers[0].Reason != "internal: boom" {
		t.Fatalf("news %+v", c.Answers)
	}
	if len(s.AllPickers()) != 0 {
		t.Fatalf("came back: %+v", s.AllPickers())
	}
	want(t, s, def, `picker-record "answer refused (internal: boom), and the agent has moved on: rm -rf build/"`, `tool 1 terminal running`)
}

// TestAllPickersOldestFirst: the inbox order spans lanes.
func TestAllPickersOldestFirst(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck)
	apply(t, s, `{"type":"picker.choice","chat_id":"c7","payload":{"picker_id":"p1"}}`)
	clk.advance(time.Second)
	apply(t, s, approval)
	clk.advance(time.Second)
	apply(t, s, `{"type":"picker.choice","chat_id":"c7","thread_id":"t1","payload":{"picker_id":"p3"}}`)
	var ids []string
	for _, p := range s.AllPickers() {
		ids = append(ids, p.PickerID)
	}
	if len(ids) != 3 || ids[0] != "p1" || ids[1] != "pa" || ids[2] != "p3" {
		t.Fatalf("order %v", ids)
	}
}

func TestPendingCount(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, approval, `{"type":"picker.choice","chat_id":"c7","payload":{"picker_id":"p1"}}`)
	if n := s.PendingCount(); n != 2 {
		t.Fatalf("count %d", n)
	}
	s.AnswerPicker(def, "pa", "v", "x")
	if n := s.PendingCount(); n != 1 {
		t.Fatalf("count while answering %d", n)
	}
}

// TestAnswerPendingAtQuitIsUnconfirmedAfterRestart: a record still
// "answering…" when Iris stopped is read back as unconfirmed.
func TestAnswerPendingAtQuitIsUnconfirmedAfterRestart(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck, approval)
	s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	want(t, s, def, `picker-record "answer unconfirmed (Iris stopped before the gateway replied): rm -rf build/"`)
	if it := s.Lane(def).Item(0); it.Outcome != NotDelivered {
		t.Fatalf("%+v", it)
	}
}

// TestTurnMovingOnAtTheDeadlineIsExpiry: the gateway's timeout moves the
// turn on just before ours fires; that picker expired, it was not answered.
func TestTurnMovingOnAtTheDeadlineIsExpiry(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck, approval) // timeout_s 300
	clk.advance(299 * time.Second)
	apply(t, s, toolStart1)
	want(t, s, def, `tool 1 terminal running`, `picker-record "expired: rm -rf build/"`)
}

// TestPickerWithAnUnconfirmedAnswerClosedByTheTurn: an answer nothing
// confirmed (the spec gives picker.select no response) is "sent, not
// confirmed", never failed; the picker stays answerable, and when the turn
// then moves on the answer counts as accepted.
func TestPickerWithAnUnconfirmedAnswerClosedByTheTurn(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	apply(t, s, approval)
	s.AnswerPicker(def, "pa", "once", "approved once: rm -rf build/")
	c := s.SettleAnswer("pa", false, nil)
	if len(c.Answers) != 1 || c.Answers[0].Result != audit.NotConfirmed {
		t.Fatalf("news %+v", c.Answers)
	}
	if ps := s.AllPickers(); len(ps) != 1 || !ps[0].Unconfirmed || ps[0].Failed != "" {
		t.Fatalf("pending %+v", ps)
	}
	want(t, s, def, `picker-record "answer sent, not confirmed: rm -rf build/"`)
	c = apply(t, s, toolStart1)
	if len(c.Answers) != 1 || c.Answers[0].Result != audit.Accepted {
		t.Fatalf("news %+v", c.Answers)
	}
	if len(s.AllPickers()) != 0 {
		t.Fatalf("still pending: %+v", s.AllPickers())
	}
	want(t, s, def, `picker-record "approved once: rm -rf build/"`, `tool 1 terminal running`)
}

// TestLateAnswerAtTheDeadlineIsExpiredNotElsewhere: an answer the gateway
// refuses (not_found) at the picker's deadline came too late: the gateway
// timed the picker out, no other device answered it.
func TestLateAnswerAtTheDeadlineIsExpiredNotElsewhere(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck, approval) // timeout_s 300
	clk.advance(299500 * time.Millisecond)
	s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	s.PickerGone(def, "pa")
	want(t, s, def, `picker-record "not used: the question had expired: rm -rf build/"`)
	if it := s.Lane(def).Item(0); it.Outcome != Expired {
		t.Fatalf("%+v", it)
	}
}

// TestCallbackPickersOutliveTheTurn: Hermes sends a model, choice or
// confirm picker from a slash command and ends that turn at once
// (agent.idle right after the picker); the picker stays pending, while an
// approval in the same lane closes.
func TestCallbackPickersOutliveTheTurn(t *testing.T) {
	for _, picker := range []string{
		`{"type":"picker.model","chat_id":"d","payload":{"picker_id":"pm","providers":[{"id":"p","models":[{"id":"m"}]}]}}`,
		choice,
		`{"type":"picker.confirm","chat_id":"d","payload":{"picker_id":"pk","title":"Reset the session?"}}`,
	} {
		s := newState(newClock())
		apply(t, s, helloAck)
		focus(s, def)
		apply(t, s, picker, approval, agentIdle)
		ps := s.Pickers(def)
		if len(ps) != 1 || ps[0].PickerID == "pa" {
			t.Fatalf("after agent.idle, pending %+v; want only the callback picker of %s", ps, picker)
		}
	}
}
