package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// A picker the user opens deliberately is armed at once: a digit typed a
// human moment after Alt+P, a click on the card or the inbox answers it,
// and never falls into the composer to be sent to the agent by the next
// Enter.

func TestPickerOpenedWithAltPIsArmedAtOnce(t *testing.T) {
	for _, after := range []time.Duration{150 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond} {
		t.Run(after.String(), func(t *testing.T) {
			c := newArmClock(t)
			h := c.h
			h.typeText("hi")
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./out"))
			h.mustShow("◆ Approval waiting")
			h.key('p', tea.ModAlt)
			c.advance(after)
			h.typeText("1")
			h.answeredKeeping(1, "hi")
			if sel := h.requestsOf(frame.TypePickerSelect); sel[0].Payload.(*frame.PickerSelect).Value != "once" {
				t.Fatalf("picker.select %v", sel)
			}
			h.press(keyEnter) // sends the draft, and only the draft
			if sent := h.requestsOf(frame.TypeMessageSend); len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "hi" {
				t.Fatalf("message.send %v", sent)
			}
		})
	}
}

func TestPickerOpenedFromItsCardOrTheInboxIsArmedAtOnce(t *testing.T) {
	c := newArmClock(t)
	h := c.h
	h.typeText("hi")
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	y := h.m.scr.layout.top + h.m.scr.layout.banner + h.m.scr.layout.transcript
	h.send(tea.MouseClickMsg{X: h.m.scr.layout.sidebar + 3, Y: y, Button: tea.MouseLeft})
	c.advance(100 * time.Millisecond)
	h.typeText("4")
	h.answeredKeeping(1, "hi")

	h.frame(inLane(chan7, frame.TypePickerApproval, &frame.Picker{PickerID: "pa_2", Command: "rm -rf b"}))
	h.run(h.m.pick.openInbox())
	h.press(keyEnter) // the inbox's highlighted question
	if h.m.DialogOpen() != dialog.PickerDialogID || h.m.Lane() != chan7 {
		t.Fatalf("dialog %q lane %v", h.m.DialogOpen(), h.m.Lane())
	}
	c.advance(100 * time.Millisecond)
	h.typeText("1")
	h.answeredKeeping(2, "")
}

// The picker key pressed on a picker that opened by itself and is still
// arming arms it: the user has seen it.
func TestPickerKeyArmsAnArmingPicker(t *testing.T) {
	c := newArmClock(t)
	h := c.h
	c.advance(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	if h.m.DialogOpen() != dialog.PickerDialogID || h.m.pick.shown.Armed() {
		t.Fatal("the approval did not open arming")
	}
	h.key('p', tea.ModAlt)
	c.advance(50 * time.Millisecond)
	h.typeText("4")
	h.answeredKeeping(1, "")
}

// A picker answered elsewhere (the gateway's report) while its dialog was
// still arming, as an approver answers one the moment it pops up, closes
// by itself with its record: the user was not in it, and what they type
// next goes to the composer instead of a dialog that can take no answer.
// One the user is in (armed) keeps the report up until Esc.
func TestReportedWhileArmingClosesTheDialog(t *testing.T) {
	for _, tc := range []struct {
		name  string
		after time.Duration
		kept  bool
	}{{"arming", 100 * time.Millisecond, false}, {"armed", dialog.ArmDelay, true}} {
		t.Run(tc.name, func(t *testing.T) {
			c := newArmClock(t)
			h := c.h
			ack := hello()
			ack.Payload.(*frame.HelloAck).ServerCaps.PickerAnswered = frame.Ptr(true)
			h.frame(ack)
			c.advance(3 * time.Second)
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./build"))
			if h.m.DialogOpen() != dialog.PickerDialogID {
				t.Fatal("the approval did not open")
			}
			c.advance(tc.after)
			h.frame(on(frame.TypePickerAnswered, &frame.PickerAnswered{PickerID: "pa_1", Value: "once", By: &frame.AnswerBy{DeviceName: "ci"}}))
			h.mustShow("◆ approved once: rm -rf ./build · reported by the gateway as ci")
			if kept := h.m.DialogOpen() == dialog.PickerDialogID; kept != tc.kept {
				t.Fatalf("dialog kept %v, want %v", kept, tc.kept)
			}
			if !tc.kept {
				h.typeText("next")
				if got := h.m.composer.Value(); got != "next" {
					t.Fatalf("composer %q", got)
				}
			}
		})
	}
}
