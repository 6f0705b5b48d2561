package transcript

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// In --inline mode a message goes to the scrollback once, when it is
// final: a streaming reply stays in the live view (and holds back what
// comes after it), and its finished text is taken exactly once, sanitised
// like the transcript.
func TestTakeSettledWaitsForTheStreamToFinish(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	apply(com, frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "first \x1b]0;title\x07"})
	apply(com, frame.TypeMessageStart, &frame.MessageStart{MessageID: "b", Role: frame.RoleAssistant})
	apply(com, frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "b", Text: "partial"})
	m := New(com)
	m.SetSize(60, 20)
	m.SetLane(lane)
	got := m.TakeSettled()
	if !strings.Contains(ansi.Strip(got), "first ") || strings.Contains(got, "partial") || strings.Contains(got, "\x1b]0;") {
		t.Fatalf("first take:\n%q", got)
	}
	if live := ansi.Strip(m.LiveView(20)); !strings.Contains(live, "partial") || strings.Contains(live, "first ") {
		t.Fatalf("live view:\n%s", live)
	}
	if again := m.TakeSettled(); again != "" {
		t.Fatalf("taken twice:\n%s", again)
	}
	apply(com, frame.TypeMessageStop, &frame.MessageStop{MessageID: "b", FinalText: "partial and final"})
	if got := ansi.Strip(m.TakeSettled()); !strings.Contains(got, "partial and final") || strings.Contains(got, "first ") {
		t.Fatalf("after the stop:\n%s", got)
	}
	if live := m.LiveView(20); live != "" {
		t.Fatalf("the live view still shows:\n%s", ansi.Strip(live))
	}
}

// TestInlineScrollbackGetsLongMessagesInFull: a long message of the
// user's, folded while live, goes to the scrollback in full (the
// scrollback cannot unfold it later).
func TestInlineScrollbackGetsLongMessagesInFull(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = "row " + strings.Repeat("x", i%3) + string(rune('a'+i%26))
	}
	lines[39] = "the last row"
	apply(com, frame.TypeMessage, &frame.Message{MessageID: "u", Role: frame.RoleUser, Text: strings.Join(lines, "\n")})
	m := New(com)
	m.SetSize(60, 20)
	m.SetLane(lane)
	if live := ansi.Strip(m.LiveView(20)); !strings.Contains(live, "… 32 more lines") || strings.Contains(live, "the last row") {
		t.Fatalf("live view:\n%s", live)
	}
	if got := ansi.Strip(m.TakeSettled()); !strings.Contains(got, "the last row") || strings.Contains(got, "more lines") {
		t.Fatalf("printed:\n%s", got)
	}
}

// An answer to a picker goes to the scrollback with its outcome, never as
// the "answering…" it shows while the gateway has not replied.
func TestTakeSettledWaitsForThePickerAnswer(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	st := com.Store.(*store.State)
	apply(com, frame.TypePickerApproval, &frame.Picker{PickerID: "pa_1", Command: "rm -rf ./out"})
	st.AnswerPicker(lane, "pa_1", "once", "approved once: rm -rf ./out")
	m := New(com)
	m.SetSize(60, 20)
	m.SetLane(lane)
	if got := m.TakeSettled(); strings.Contains(got, "answering") {
		t.Fatalf("printed before the gateway replied:\n%s", ansi.Strip(got))
	}
	if live := ansi.Strip(m.LiveView(20)); !strings.Contains(live, "answering…: rm -rf ./out") {
		t.Fatalf("live view:\n%s", live)
	}
	// The turn moving on (the agent's reply) settles it as accepted.
	apply(com, frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "after the answer"})
	got := ansi.Strip(m.TakeSettled())
	if !strings.Contains(got, "◆ approved once: rm -rf ./out") || strings.Contains(got, "answering") || !strings.Contains(got, "after the answer") {
		t.Fatalf("after the reply:\n%s", got)
	}
}
