package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/composer"
	"github.com/hermes/iris/wsclient/frame"
)

func TestComposerKeepsEveryTypedLine(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	base := h.m.layout.composer
	lines := []string{"line1", "line2", "line3", "l4", "l5", "l6", "l7", "l8"}
	for i, l := range lines {
		if i > 0 {
			if i%2 == 0 {
				h.key('j', tea.ModCtrl)
			} else {
				h.key(tea.KeyEnter, tea.ModAlt)
			}
		}
		h.typeText(l)
	}
	if h.m.layout.composer > base+composer.MaxLines-1 {
		t.Fatalf("composer grew past its cap: %d rows", h.m.layout.composer)
	}
	h.mustShow("› l8")
	h.key(tea.KeyEnter, 0)
	got := sentTexts(h)
	if want := strings.Join(lines, "\n"); len(got) != 1 || got[0] != want {
		t.Fatalf("sent %q, want %q", got, want)
	}
}

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
