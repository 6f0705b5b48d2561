package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// recordTicks makes the harness note every tick the model schedules (they
// still fire as testTick fires them).
func (h *harness) recordTicks() *[]tea.Msg {
	var got []tea.Msg
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		got = append(got, msg)
		return testTick(d, msg)
	}
	return &got
}

// spins counts the spinner ticks among msgs.
func spins(msgs []tea.Msg) int {
	n := 0
	for _, m := range msgs {
		if _, ok := m.(spinMsg); ok {
			n++
		}
	}
	return n
}

// TestIdleSchedulesNoTick: once the agent's turn ends, the spinner's next
// tick schedules no other, and an idle screen (resizes, focus, views)
// schedules no tick of any kind, so an idle Iris wakes for nothing.
func TestIdleSchedulesNoTick(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(msgFrame("m1", frame.RoleUser, "hi", 1))
	ticks := h.recordTicks()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	if spins(*ticks) != 1 {
		t.Fatalf("a busy focused lane scheduled %d spinner ticks, want 1", spins(*ticks))
	}
	h.send(spinMsg{})
	if spins(*ticks) != 2 {
		t.Fatalf("the spinner stopped while the lane is busy")
	}
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	h.send(spinMsg{}) // the tick already scheduled fires
	*ticks = nil
	h.send(tea.WindowSizeMsg{Width: 110, Height: 38})
	h.send(tea.FocusMsg{})
	h.send(clockMsg{})
	h.view()
	if len(*ticks) != 0 {
		t.Errorf("an idle screen scheduled ticks: %#v", *ticks)
	}
}

// TestHiddenSpinnerDoesNotTick: a busy lane that is neither focused nor in
// the shown sidebar (collapsed on a narrow terminal) schedules no spinner
// tick; opening the sidebar starts it.
func TestHiddenSpinnerDoesNotTick(t *testing.T) {
	h := newHarness(t, 80, 30)
	h.online()
	if h.m.scr.layout.sidebar != 0 {
		t.Fatal("the sidebar should start collapsed at 80 columns")
	}
	ticks := h.recordTicks()
	h.frame(inLane(chan7, frame.TypeAgentBusy, &frame.AgentBusy{Reason: "cron"}))
	h.view()
	if n := spins(*ticks); n != 0 {
		t.Fatalf("a busy lane nobody sees scheduled %d spinner ticks", n)
	}
	h.m.scr.toggleSidebar()
	h.send(tea.FocusMsg{})
	if n := spins(*ticks); n != 1 {
		t.Errorf("the busy lane shown in the sidebar scheduled %d spinner ticks, want 1", n)
	}
}
