package ui

import (
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// A letter or a digit that answers nothing in an open approval keeps it
// open and says which keys answer; it never types into the composer (where
// the next Enter would send it to the agent).
func TestApprovalUnmatchedKeysKeepTheDialog(t *testing.T) {
	h, now := clockHarness(t)
	*now = now.Add(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./out"))
	for _, k := range []string{"y", "es", "9"} {
		h.typeText(k)
		if h.m.DialogOpen() != dialog.PickerDialogID {
			t.Fatalf("%q closed the approval", k)
		}
	}
	h.mustShow("“9” answers nothing: 1-5 picks · ↑↓ then enter · esc hides")
	h.press(keyEnter) // nothing highlighted: only a hint
	h.noSelect()
	if h.m.Composer() != "" {
		t.Fatalf("composer %q", h.m.Composer())
	}
	h.typeText("4")
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 1 || sel[0].Payload.(*frame.PickerSelect).Value != "deny" {
		t.Fatalf("picker.select %v", sel)
	}
	if sent := h.requestsOf(frame.TypeMessageSend); len(sent) != 0 {
		t.Fatalf("keys meant for the approval reached the agent: %v", sent)
	}
}

// In a clarify, as in every picker, a row's number picks it: "2" + Enter
// answers choice 2, while a typed answer that starts with a digit ("3
// days") is sent as typed.
func TestClarifyNumberPicksTheRow(t *testing.T) {
	h, now := clockHarness(t)
	*now = now.Add(3 * time.Second)
	clarify := func(id string) frame.Frame {
		return on(frame.TypePickerClarify, &frame.Picker{PickerID: id, Question: "How long?",
			Choices: []frame.Choice{{Value: "1d", Label: "One day"}, {Value: "2d", Label: "Two days"}}})
	}
	h.frame(clarify("pq_1"))
	h.mustShow("1   One day", "2   Two days", "type an answer or a number, then enter")
	h.typeText("2")
	h.mustShow("enter picks Two days")
	h.press(keyEnter)
	h.frame(clarify("pq_2"))
	h.typeText("3 days")
	h.press(keyEnter)
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 2 || sel[0].Payload.(*frame.PickerSelect).Value != "2d" || sel[1].Payload.(*frame.PickerSelect).Value != "3 days" {
		t.Fatalf("picker.select %v", sel)
	}
	h.mustShow("◆ answered Two days: How long?", "◆ answered “3 days”: How long?")
}

// A sentence typed into an open approval answers nothing, even the digit
// in it: after a key that answers nothing the approval takes no key until
// the user pauses, then a deliberate digit answers.
func TestApprovalSentenceWithADigitAnswersNothing(t *testing.T) {
	c := newArmClock(t)
	h := c.h
	c.advance(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./out"))
	c.advance(dialog.ArmDelay)
	if !h.m.pick.shown.Armed() {
		t.Fatal("not armed")
	}
	for _, r := range "let me check 1 thing" {
		h.typeText(string(r))
		c.advance(60 * time.Millisecond) // a typist's pace
	}
	h.noSelect()
	if h.m.DialogOpen() != dialog.PickerDialogID || h.m.Composer() != "" {
		t.Fatalf("dialog %q composer %q", h.m.DialogOpen(), h.m.Composer())
	}
	h.mustShow("“g” answers nothing: 1-5 picks")
	c.advance(dialog.ArmDelay) // the user pauses and reads
	h.typeText("4")
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 1 || sel[0].Payload.(*frame.PickerSelect).Value != "deny" {
		t.Fatalf("picker.select %v", sel)
	}
}
