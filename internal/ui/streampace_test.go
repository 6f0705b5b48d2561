package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// TestStreamingAnswerIsPacedAtTheStreamInterval: frames that change a
// quiet transcript are drawn within flushInterval, those of a streaming
// answer within streamFlushInterval. While that flush waits, neither a
// spinner tick nor a frame that also advances the cursor draws the answer
// early; the flush does, once, with the newest text.
func TestStreamingAnswerIsPacedAtTheStreamInterval(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	var asked []time.Duration
	var pending tea.Msg
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(flushMsg); ok {
			asked, pending = append(asked, d), msg
		}
		return nil
	}
	h.frame(msgFrame("m1", frame.RoleUser, "hello there", 1))
	h.send(pending)
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant}))
	h.send(pending)
	h.view()
	h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: "the first words"}))
	if want := []time.Duration{flushInterval, streamFlushInterval, streamFlushInterval}; !equalDurations(asked, want) {
		t.Fatalf("flush intervals asked %v, want %v", asked, want)
	}
	before := h.m.transcript.ItemRenders()
	h.send(spinMsg{}) // the "thinking" spinner of the drawn answer turns
	h.view()
	if d := h.m.transcript.ItemRenders() - before; d != 0 {
		t.Fatalf("a spinner tick drew %d items while the flush was pending, want 0", d)
	}
	more := on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: "the first words and more"})
	more.Cursor = 7 // a status change too: the status bar's, not the transcript's
	h.frame(more)
	h.view()
	if d := h.m.transcript.ItemRenders() - before; d != 0 {
		t.Fatalf("a frame advancing the cursor drew %d items while the flush was pending, want 0", d)
	}
	h.send(pending)
	h.view()
	if d := h.m.transcript.ItemRenders() - before; d != 1 {
		t.Fatalf("the flush drew %d items, want 1 (the answer)", d)
	}
	h.mustShow("the first words and more")
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEventsArePacedAtTheRedrawInterval: the gateway's events are asked
// for at the transcript's redraw pace (Options.PaceEvents): the stream
// interval once an answer streams, the quiet one again after it ended,
// each change told once.
func TestEventsArePacedAtTheRedrawInterval(t *testing.T) {
	var paced []time.Duration
	h := newHarness(t, 120, 40, func(o *Options) { o.PaceEvents = func(d time.Duration) { paced = append(paced, d) } })
	h.online()
	flush := h.holdFlushes()
	h.frame(msgFrame("m1", frame.RoleUser, "hello there", 1))
	flush()
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant}))
	flush()
	for _, text := range []string{"the first", "the first words", "the first words and more"} {
		h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: text}))
		flush()
	}
	h.frame(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "s1", FinalText: "the first words and more."}))
	flush()
	h.frame(msgFrame("m2", frame.RoleUser, "thanks", 2))
	if want := []time.Duration{flushInterval, streamFlushInterval, flushInterval}; !equalDurations(paced, want) {
		t.Fatalf("paced at %v, want %v", paced, want)
	}
}

// TestSpinnerTurnsWithThePendingFlush: while an answer streams into a busy
// lane, a spinner tick that comes while a flush is pending changes nothing
// on screen (the sidebar's spinner included: no frame of its own); the
// flush draws the answer's new text and the spinner's next frame together.
func TestSpinnerTurnsWithThePendingFlush(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	flush := h.holdFlushes()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant}))
	h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: "the first words"}))
	flush()
	turned := (h.m.scr.spin + 1) % len(spinnerFrames)
	h.mustShow("the first words", spinnerFrames[h.m.scr.spin]+" answering")
	h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: "the first words and more"}))
	screen := h.view()
	h.send(spinMsg{})
	if h.view() != screen {
		t.Fatal("a spinner tick changed the screen while a flush was pending")
	}
	flush()
	h.mustShow("the first words and more", spinnerFrames[turned]+" answering")
	h.send(spinMsg{}) // no flush pending: the tick turns the spinner itself
	h.mustShow(spinnerFrames[(turned+1)%len(spinnerFrames)] + " answering")
}

// holdFlushes makes the screen's flush ticks wait for the test: flush
// sends the flush pending last.
func (h *harness) holdFlushes() (flush func()) {
	var pending tea.Msg
	h.m.scr.tick = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(flushMsg); ok {
			pending = msg
		}
		return nil
	}
	return func() {
		h.t.Helper()
		h.send(pending)
	}
}
