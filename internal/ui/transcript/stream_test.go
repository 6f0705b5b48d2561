package transcript_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// A streamed reply waits with "thinking…", then each message.update
// replaces the text (it is the whole text so far, never appended), with a
// cursor while it streams; message.stop leaves the final text alone.
func TestStreamingReplacesTheText(t *testing.T) {
	f := newFixture(t, 80, 12)
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
	f.mustShow("Assistant · 12:04", "⠋ thinking…")
	for _, text := range []string{"The", "The answer", "The answer is 42"} {
		f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: text})
		v := f.mustShow(text + " ▍")
		if n := strings.Count(v, "The"); n != 1 {
			t.Fatalf("after %q the text shows %d times (appended, not replaced):\n%s", text, n, v)
		}
		f.mustNotShow(text, "thinking…")
	}
	f.apply(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a", FinalText: "The answer is 42."})
	f.mustNotShow("The answer is 42.", "▍", "The answer is 42 ")
	if n := strings.Count(f.text(), "The answer"); n != 1 {
		t.Fatalf("the final text shows %d times:\n%s", n, f.text())
	}
}

// The streaming cursor is on screen: right after the last word (not after
// the padding the markdown renderer adds up to the width, which the
// terminal would cut off), or on a row of its own when the last row is
// full.
func TestStreamingCursorStaysOnScreen(t *testing.T) {
	f := newFixture(t, 40, 10)
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: "short"})
	rows := f.rows() // view checks every row fits the width
	if r := rows[rowOf(rows, "short")]; !strings.HasSuffix(r, "short ▍") {
		t.Fatalf("the cursor is not after the text: %q", r)
	}
	full := strings.Repeat("x", 38) // the bubble's inner width
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: full})
	rows = f.rows()
	if i := rowOf(rows, full); i < 0 || strings.TrimSpace(strings.TrimPrefix(rows[i+1], "┃")) != "▍" {
		t.Fatalf("want the cursor on the row under a full row:\n%s", strings.Join(rows, "\n"))
	}
}

// Reasoning is shown above the text it led to, dimmed under its own
// header; with the setting off it folds to one line that counts its lines
// and names the key that opens it.
func TestReasoningAboveText(t *testing.T) {
	f := newFixture(t, 80, 16)
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Reasoning: "- The user wants a number."})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Reasoning: "- The user wants a number.\n- It is 42.",
		Text: "Forty-two"})
	f.apply(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a", FinalText: "Forty-two.",
		Reasoning: "- The user wants a number.\n- It is 42."})
	rows := f.rows()
	head, first, second, text := rowOf(rows, "▾ Reasoning ("), rowOf(rows, "The user wants a number."),
		rowOf(rows, "It is 42."), rowOf(rows, "Forty-two.")
	if head < 0 || !(head < first && first < second && second < text) {
		t.Fatalf("want the reasoning header, its two lines, then the text:\n%s", strings.Join(rows, "\n"))
	}
	f.com.Settings.ShowReasoning = false
	f.changed()
	f.mustNotShow("▸ Reasoning · 2 lines (", "The user wants", "It is 42.")
	f.mustShow("Forty-two.")
}

// The selected message's reasoning can be flipped against the setting,
// and back.
func TestToggleReasoningOfTheSelectedMessage(t *testing.T) {
	f := newFixture(t, 80, 16)
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "Done.",
		Reasoning: "Think first.", TS: at(0)})
	f.com.Settings.ShowReasoning = false
	f.changed()
	if f.m.ToggleReasoning() {
		t.Fatal("toggled with nothing selected")
	}
	if !f.m.SelectStep(-1) || f.m.Selected() == nil || f.m.Selected().Msg.ID != "a" {
		t.Fatal("the message was not selected")
	}
	f.mustNotShow("▸ Reasoning · 1 line", "Think first.")
	if !f.m.ToggleReasoning() {
		t.Fatal("the toggle did nothing")
	}
	f.mustShow("▾ Reasoning", "Think first.", "Done.")
	f.m.ToggleReasoning()
	f.mustNotShow("▸ Reasoning · 1 line", "Think first.")
}

// Commentary (the agent's beats between tools) is one dim "›" line.
func TestCommentaryLine(t *testing.T) {
	f := newFixture(t, 80, 8)
	f.apply(frame.TypeCommentary, &frame.Commentary{MessageID: "c", Text: "Let me look at the logs."})
	f.mustShow("› Let me look at the logs.")
}

// The runtime footer under a final assistant message lists the fields it
// has, in the spec's order: model · ctx % · cwd · latency · cost. It is
// absent while streaming, on other roles, and with the setting off.
func TestRuntimeFooter(t *testing.T) {
	pct, lat, cost := 38, 22.5, 0.0012
	full := &frame.Runtime{Model: "qwen3-27b", ContextPct: &pct, Cwd: "~/src/iris", Latency: &lat, Cost: &cost}
	f := newFixture(t, 80, 14)
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(1)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: "streaming"})
	f.mustNotShow("streaming", "qwen3-27b")
	f.apply(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a", FinalText: "done", Runtime: full})
	rows := f.rows()
	foot := rowOf(rows, "qwen3-27b · ctx 38% · ~/src/iris · 22.5s · $0.0012")
	if foot < 0 || foot != rowOf(rows, "done")+1 {
		t.Fatalf("want the whole footer right under the text:\n%s", strings.Join(rows, "\n"))
	}

	min := 125.0
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "b", Role: frame.RoleAssistant, Text: "later", TS: at(0),
		Runtime: &frame.Runtime{Cwd: "/tmp", Latency: &min}})
	f.mustShow("/tmp · 2m05s")
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "u", Role: frame.RoleUser, Text: "mine", TS: at(0),
		Runtime: &frame.Runtime{Model: "user-model"}})
	f.mustNotShow("mine", "user-model")

	f.com.Settings.RuntimeFooter = false
	f.changed()
	f.mustNotShow("done", "qwen3-27b", "2m05s")
}

// On a narrow transcript the footer is cut with an ellipsis rather than
// running past the width (view checks every row fits).
func TestRuntimeFooterFitsTheWidth(t *testing.T) {
	pct, lat, cost := 38, 22.5, 0.0012
	f := newFixture(t, 40, 8)
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "done", TS: at(0),
		Runtime: &frame.Runtime{Model: "qwen3-27b", ContextPct: &pct, Cwd: "~/src/iris", Latency: &lat, Cost: &cost}})
	rows := f.rows()
	if r := rows[rowOf(rows, "done")+1]; !strings.HasPrefix(r, "┃ qwen3-27b · ctx 38%") || !strings.HasSuffix(r, "…") {
		t.Fatalf("footer row %q, want it cut with an ellipsis", r)
	}
}

// A reply cut by a restart or a lost connection says so; one the user
// stopped says it was stopped.
func TestInterruptedAndStoppedMarks(t *testing.T) {
	for _, c := range []struct {
		cut  store.Cut
		want string
	}{
		{store.CutLost, "⚠ interrupted (connection lost)"},
		{store.CutRestart, "⚠ interrupted (gateway restarted)"},
	} {
		t.Run(c.want, func(t *testing.T) {
			f := newFixture(t, 80, 12)
			f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
			f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: "half an ans"})
			f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "bash", Preview: "make"})
			f.st.Settle(chat, c.cut)
			f.m.Refresh()
			rows := f.rows()
			if m := rowOf(rows, c.want); m != rowOf(rows, "half an ans")+1 {
				t.Fatalf("want %q under the cut text:\n%s", c.want, strings.Join(rows, "\n"))
			}
			card := rows[rowOf(rows, "bash make")]
			if !strings.Contains(card, "⚠") || !strings.Contains(card, strings.TrimPrefix(c.want, "⚠ ")) {
				t.Fatalf("the tool card does not say it was cut: %q", card)
			}
			f.mustNotShow(c.want, "▍", "running…")
		})
	}
	t.Run("stopped", func(t *testing.T) {
		f := newFixture(t, 80, 12)
		f.apply(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"})
		f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
		f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: "partial"})
		f.st.StopRequested(chat)
		f.apply(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a", FinalText: "partial"})
		rows := f.rows()
		if rowOf(rows, "■ stopped") != rowOf(rows, "partial")+1 {
			t.Fatalf("want the stopped mark under the text:\n%s", strings.Join(rows, "\n"))
		}
	})
}

// How a picker ended is recorded in the transcript.
func TestPickerRecord(t *testing.T) {
	f := newFixture(t, 80, 10)
	f.apply(frame.TypePickerApproval, &frame.Picker{PickerID: "p1", Command: "rm -rf build/"})
	f.st.AnswerPicker(chat, "p1", "v", "approved once: rm -rf build/")
	f.m.Refresh()
	f.mustShow("rm -rf build/")
	f.st.PickerAccepted("p1")
	f.m.Refresh()
	f.mustShow("approved once: rm -rf build/")
}

// TestBusyLineStopsThinkingOnceTextStreams: the busy line says "thinking"
// while the reply waits for its first words, and "answering" (still with
// the stop key) once its text streams in.
func TestBusyLineStopsThinkingOnceTextStreams(t *testing.T) {
	f := newFixture(t, 80, 12)
	f.apply(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"})
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a", Role: frame.RoleAssistant, TS: at(0)})
	f.mustShow("⠋ thinking (esc to stop)")
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a", Text: "The answer"})
	f.mustShow("The answer ▍", "⠋ answering (esc to stop)")
	f.mustNotShow("The answer", "thinking")
	f.apply(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a", FinalText: "The answer."})
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 0, Name: "shell"})
	f.mustShow("⠋ thinking (esc to stop)") // the reply ended; the agent works on
}
