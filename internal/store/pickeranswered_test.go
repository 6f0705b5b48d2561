package store

import (
	"testing"

	"github.com/hermes/iris/frame"
)

const answeredByPolicy = `{"type":"picker.answered","chat_id":"d","payload":{"picker_id":"pa","value":"once",
 "by":{"device_name":"ci (headless)","policy":"ci.toml","rule":"cache"}}}`

// TestPickerAnsweredEndsThePickerWithWhoAnswered: picker.answered ends a
// pending picker with a record naming the answer, the policy, the rule and
// the device; a replay changes nothing, and nothing is left for the audit
// log's lookup.
func TestPickerAnsweredEndsThePickerWithWhoAnswered(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAckAnswered, approval)
	c := apply(t, s, answeredByPolicy)
	wantPickers(t, s, c, def, "")
	want(t, s, def, `picker-record "approved once: rm -rf build/ · reported by the gateway as policy ci.toml, rule cache, on ci (headless)"`)
	it := s.Lane(def).Item(0)
	if it.Outcome != AnsweredElsewhere || it.Answer == nil || it.Answer.PickerID != "pa" || it.Answer.Value != "once" {
		t.Fatalf("record %+v answer %+v", it, it.Answer)
	}
	if c := replay(t, s, answeredByPolicy); !c.Empty() {
		t.Fatalf("replayed picker.answered changed %+v", c)
	}
	if c := replay(t, s, approval); !c.Empty() {
		t.Fatalf("replayed picker came back: %+v", c)
	}
	if got := s.TakeUnattributed(); len(got) != 0 {
		t.Fatalf("unattributed %+v", got)
	}
}

// TestAttributionCompletesARecordAfterTheTurnMovedOn: a picker the turn
// moved past, from a gateway without picker_answered, is "closed" (nothing
// says another device answered) and listed by TakeUnattributed; word of
// who answered (the audit log through AttributeAnswer) completes that
// record. A picker.answered from that gateway is not applied: it never
// offered the extension.
func TestAttributionCompletesARecordAfterTheTurnMovedOn(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, approval, clarify, `{"type":"agent.idle","chat_id":"d","payload":{}}`)
	closed := `picker-record "` + ClosedText + `: rm -rf build/"`
	want(t, s, def, closed, `picker-record "`+ClosedText+`: Which one?"`)
	ends := s.TakeUnattributed()
	if len(ends) != 2 || ends[0].PickerID != "pa" || ends[0].Lane != def || ends[1].PickerID != "pq" {
		t.Fatalf("unattributed %+v", ends)
	}
	if len(s.TakeUnattributed()) != 0 {
		t.Fatal("taken twice")
	}
	s.AttributeAnswer(def, "pq", "the blue one", frame.AnswerBy{DeviceName: "phone"})
	if c := apply(t, s, answeredByPolicy); !c.Empty() {
		t.Fatalf("picker.answered from a gateway that never offered it changed %+v", c)
	}
	want(t, s, def, closed, `picker-record "answered “the blue one”: Which one? · by phone (audit log)"`)
	if c := s.AttributeAnswer(def, "pz", "once", frame.AnswerBy{DeviceName: "phone"}); !c.Empty() {
		t.Fatalf("an unknown picker changed %+v", c)
	}
}

// TestPickerAnsweredLeavesOwnAnswerInFlight: while this device's answer
// awaits the gateway, picker.answered leaves it to the gateway's reply.
func TestPickerAnsweredLeavesOwnAnswerInFlight(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAckAnswered, approval)
	s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	if c := apply(t, s, answeredByPolicy); !c.Empty() {
		t.Fatalf("changed %+v", c)
	}
	s.PickerAccepted("pa")
	want(t, s, def, `picker-record "approved once: rm -rf build/"`)
}

// TestAttributionIsStored: the completed record, with what it knows of the
// answer, survives a restart; the replayed frame then changes nothing.
func TestAttributionIsStored(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAckAnswered, approval, answeredByPolicy)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	s.Focus(def)
	want(t, s, def, `picker-record "approved once: rm -rf build/ · reported by the gateway as policy ci.toml, rule cache, on ci (headless)"`)
	if a := s.Lane(def).Item(0).Answer; a == nil || a.By == nil || a.By.Rule != "cache" || a.Type != frame.TypePickerApproval {
		t.Fatalf("stored answer %+v", a)
	}
	if c := replay(t, s, answeredByPolicy); !c.Empty() {
		t.Fatalf("replay after restart changed %+v", c)
	}
}

// TestInterruptedStopMarksTheReplyStopped: message.stop "interrupted"
// (a stop from any device) marks the reply stopped without a local
// StopRequested.
func TestInterruptedStopMarksTheReplyStopped(t *testing.T) {
	s := newState(newClock())
	apply(t, s, `{"type":"message.start","chat_id":"d","payload":{"message_id":"m1","role":"assistant"}}`,
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m1","final_text":"half","interrupted":true}}`,
		`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m2","final_text":"whole"}}`)
	ln := s.Lane(def)
	if !ln.Item(0).Msg.Stopped || ln.Item(1).Msg.Stopped {
		t.Fatalf("stopped: %v %v", ln.Item(0).Msg.Stopped, ln.Item(1).Msg.Stopped)
	}
}

// TestReplayedPickerAnsweredApplies: a device that was offline gets the
// picker and its picker.answered from the outbox (sync replay): the record
// names who answered, as live.
func TestReplayedPickerAnsweredApplies(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAckAnswered)
	replay(t, s, approval, answeredByPolicy)
	want(t, s, def, `picker-record "approved once: rm -rf build/ · reported by the gateway as policy ci.toml, rule cache, on ci (headless)"`)
	if len(s.AllPickers()) != 0 {
		t.Fatalf("still pending: %+v", s.AllPickers())
	}
}

// TestGatewayThatWentBackWithdrawsPendingPickers: a hello.ack cursor below
// the stored one (ResetCursor) is a gateway that lost what it held: the
// pickers pending here are recorded as withdrawn by its restart, never as
// answered on another device.
func TestGatewayThatWentBackWithdrawsPendingPickers(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck, approval, clarify)
	s.advanceCursor(40)
	c := s.ResetCursor(3)
	wantPickers(t, s, c, def, "")
	want(t, s, def, `picker-record "withdrawn by the gateway (it restarted): rm -rf build/"`,
		`picker-record "withdrawn by the gateway (it restarted): Which one?"`)
	if got := s.TakeUnattributed(); len(got) != 0 {
		t.Fatalf("left for the audit lookup: %+v", got)
	}
}

// TestNotFoundAfterAnOutageDoesNotClaimAnotherDevice: a picker that waited
// through a lost connection and whose answer the gateway then refuses as
// not pending (not_found) may have been forgotten by a gateway that
// crashed and came back: the record says both causes, not "answered on
// another device"; a report of what won, arriving after, completes it.
func TestNotFoundAfterAnOutageDoesNotClaimAnotherDevice(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAckAnswered, approval)
	s.ConnectionLost()
	s.AnswerPicker(def, "pa", "once", "approved once: rm -rf build/")
	s.SettleAnswer("pa", false, &frame.Error{Code: frame.CodeNotFound})
	want(t, s, def, `picker-record "your answer “approve once” was not used: `+GoneAfterOutage+`: rm -rf build/"`)
	if len(s.AllPickers()) != 0 {
		t.Fatalf("pending %+v", s.AllPickers())
	}
	apply(t, s, answeredByPolicy)
	want(t, s, def, `picker-record "your answer “approve once” was not used: approved once on another device: rm -rf build/ · reported by the gateway as policy ci.toml, rule cache, on ci (headless)"`)
}
