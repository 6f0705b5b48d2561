package ui

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

func TestBusyReasonInWords(t *testing.T) {
	cases := []struct{ reason, want, not string }{
		{"processing", "thinking (esc to stop)", "processing"},
		{"tool", "running a tool (esc to stop)", "· tool"},
		{"waiting_input", "waiting for your answer (alt+p to answer · esc to stop)", "waiting_input"},
		{"cron", "running a scheduled job (esc to stop)", "· cron"},
		{"", "working (esc to stop)", "working ·"},
		{"dreaming\x1b[2J", "working · dreaming␛[2J (esc to stop)", "\x1b[2J"},
	}
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.online()
			h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: c.reason}))
			h.mustShow(c.want)
			h.mustNotShow(c.not)
		})
	}
}

// TestShortLaneHasNoGapAboveTheBusyLine: a lane shorter than the screen sits
// at the bottom, so its last message is right above the busy line.
func TestShortLaneHasNoGapAboveTheBusyLine(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.online()
	h.frames(msgFrame("u1", "user", "confirm fresh", ms(1, 0)),
		on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	rows := strings.Split(h.plain(), "\n")
	busy, last := -1, -1
	for i, r := range rows {
		switch {
		case strings.Contains(r, "thinking (esc to stop)"):
			busy = i
		case strings.Contains(r, "confirm fresh"):
			last = i
		}
	}
	if busy < 0 || last < 0 || busy-last > 2 {
		t.Fatalf("message on row %d, busy line on row %d:\n%s", last, busy, h.plain())
	}
	if strings.TrimSpace(rows[0]) != "" {
		t.Fatalf("a short lane should leave the empty rows above it:\n%s", h.plain())
	}
}
