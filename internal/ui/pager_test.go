package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestPagerCommand(t *testing.T) {
	h := newHarness(t, 80, 24, func(o *Options) { o.Media.Getenv = func(string) string { return "" } })
	if got := h.m.term.pagerCommand(); !slices.Equal(got, []string{"less", "-R"}) {
		t.Fatalf("default pager %q", got)
	}
	h = newHarness(t, 80, 24, func(o *Options) {
		o.Media.Getenv = func(k string) string { return map[string]string{"PAGER": "more -d"}[k] }
	})
	if got := h.m.term.pagerCommand(); !slices.Equal(got, []string{"more", "-d"}) {
		t.Fatalf("pager %q", got)
	}
}

// TestViewTextIsPlainAndSanitised: the pager gets each message's source
// with a header, and no escape sequence from the wire.
func TestViewTextIsPlainAndSanitised(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frames(msgFrame("u1", "user", "show me", ms(1, 0)),
		msgFrame("m1", "assistant", "**bold** \x1b]0;evil\x07 and `code`", ms(1, 5)))
	text := laneText(h.m.st, h.m.lane, h.m.opts.Location)
	want := "# Default\n\n── You · 2026-11-30 09:01\nshow me\n\n── Assistant · 2026-11-30 09:01\n**bold** ␛]0;evil␇ and `code`\n"
	if text != want {
		t.Fatalf("lane text\n%q\nwant\n%q", text, want)
	}
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0)
	if got := plainMessage(h.m.transcript.Selected(), h.m.opts.Location); !strings.HasSuffix(got, "and `code`\n") {
		t.Fatalf("selected %q", got)
	}
}
