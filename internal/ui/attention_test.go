package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// TestLongTurnEndingUnfocusedNotifies: a turn of 12 s ending while the
// terminal is unfocused rings (bell, OSC 9, OSC 777); a short one, one
// ending while focused, or with notifications off, does not.
func TestLongTurnEndingUnfocusedNotifies(t *testing.T) {
	cases := []struct {
		name    string
		took    time.Duration
		blurred bool
		off     bool
		rings   bool
	}{
		{"long unfocused", 12 * time.Second, true, false, true},
		{"short unfocused", 3 * time.Second, true, false, false},
		{"long focused", 12 * time.Second, false, false, false},
		{"notifications off", 12 * time.Second, true, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := fixedNow
			h := newHarness(t, 100, 30, func(o *Options) { o.Now = func() time.Time { return now } })
			h.online()
			h.m.com.Settings.Notifications = !c.off
			if c.blurred {
				h.send(tea.BlurMsg{})
			}
			h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "llm"}))
			now = now.Add(c.took)
			h.frame(msgFrame("m1", "assistant", "done", ms(31, 0)))
			h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
			rang := strings.Contains(strings.Join(h.raws, ""), "\a\x1b]9;Iris · Default: reply finished after 12s\x07\x1b]777;notify;")
			if rang != c.rings {
				t.Fatalf("rang %v, want %v (raws %q)", rang, c.rings, h.raws)
			}
		})
	}
}

// TestWindowTitleShowsBusyAndUnread: the title names the lane, says busy
// while the agent works, and counts unread messages of other lanes.
func TestWindowTitleShowsBusyAndUnread(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "llm"}))
	if title := h.m.View().WindowTitle; title != "Iris · Default · busy" {
		t.Fatalf("title %q", title)
	}
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	h.frame(inLane(chan7, frame.TypeMessage, &frame.Message{MessageID: "c1", Role: "assistant", Text: "cron says hi", TS: ms(3, 0)}))
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf b"))
	if title := h.m.View().WindowTitle; title != "◆ 1 waiting · Iris · Default · 1 unread" {
		t.Fatalf("title %q", title)
	}
}

// TestReasoningTogglesPerMessage: r on the selected message collapses its
// reasoning alone; the other message keeps the setting's look.
func TestReasoningTogglesPerMessage(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frames(on(frame.TypeMessage, &frame.Message{MessageID: "m1", Role: "assistant", Text: "first", Reasoning: "thought one", TS: ms(1, 0)}),
		on(frame.TypeMessage, &frame.Message{MessageID: "m2", Role: "assistant", Text: "second", Reasoning: "thought two", TS: ms(2, 0)}))
	h.mustShow("thought one", "thought two")
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0) // m2
	h.send(tea.KeyPressMsg{Code: 'r', Text: "r"})
	h.mustShow("thought one", "▸ Reasoning · 1 line")
	h.mustNotShow("thought two")
	h.send(tea.KeyPressMsg{Code: 'r', Text: "r"})
	h.mustShow("thought one", "thought two")
}

// TestOwnLinksAreLinkified: a URL in the user's own message is an OSC 8
// link, the whole URL on every line it wraps over; the screen passes the
// terminal-safety check.
func TestOwnLinksAreLinkified(t *testing.T) {
	h := newHarness(t, 60, 30)
	h.online()
	u := "https://example.com/a/really/long/path/that/has/to/wrap/over/lines"
	h.frame(msgFrame("u1", "user", "read "+u+" please", ms(1, 0)))
	v := h.view()
	if n := strings.Count(v, "\x1b]8;;"+u); n < 2 {
		t.Fatalf("the wrapped link carries the whole URL on %d lines:\n%q", n, v)
	}
	if err := termsafe.Verify(v); err != nil {
		t.Fatal(err)
	}
}
