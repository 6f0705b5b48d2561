package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// hostile are wire strings that try to reach the terminal, each with the
// text a one-line label shows for it once sanitised: visible placeholders
// where the controls were (␛ for ESC, \uFFFD for C1 and bidi controls), the
// rest as sent.
var hostile = map[string]struct{ wire, shown string }{
	"CSI 2J":          {"before\x1b[2Jafter", "before␛[2Jafter"},
	"OSC 0 title":     {"x\x1b]0;pwned\x07y", "x␛]0;pwned␇y"},
	"OSC 2 title":     {"x\x1b]2;pwned\x1b\\y", "x␛]2;pwned␛\\y"},
	"OSC 52 clip":     {"x\x1b]52;c;ZXZpbA==\x07y", "x␛]52;c;ZXZpbA==␇y"},
	"OSC 8 js":        {"\x1b]8;;javascript:alert(1)\x1b\\click\x1b]8;;\x1b\\", "␛]8;;javascript:alert(1)␛\\click␛]8;;␛\\"},
	"OSC 8 file":      {"\x1b]8;;file:///etc/passwd\x1b\\open\x1b]8;;\x1b\\", "␛]8;;file:///etc/passwd␛\\open␛]8;;␛\\"},
	"C1 CSI":          {"a\u009b2Jb", "a\uFFFD2Jb"},
	"DCS":             {"a\x1bP1$qm\x1b\\b", "a␛P1$qm␛\\b"},
	"bidi override":   {"abc\u202edcba\u202c", "abc\uFFFDdcba\uFFFD"},
	"entity dec":      {"&#27;[2J", "␛[2J"},
	"entity hex":      {"&#x1b;]0;t&#x07;", "␛]0;t␇"},
	"entity in code":  {"`&#27;[31m` and ```\n&#x1B;[2J\n```", "`␛[31m` and ``` ␛[2J ```"},
	"raw BEL and NUL": {"bell\x07nul\x00", "bell␇nul␀"},
}

// playHostile puts s into every wire string the UI shows.
func playHostile(h *harness, s string) {
	h.frame(hello(
		frame.Channel{ChatID: chat, Name: "Def " + s, Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		frame.Channel{ChatID: "c2", Name: s, Kind: frame.KindChannel},
		frame.Channel{ChatID: "c2", ThreadID: frame.Some("t"), Name: s, Kind: frame.KindThread, ParentChatID: frame.Some("c2")},
	))
	h.frames(
		on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: s}),
		on(frame.TypeMessage, &frame.Message{MessageID: "h0", Role: frame.RoleUser, Text: s}),
		on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "h1", Role: frame.RoleAssistant}),
		on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "h1", Text: "**t** " + s + "\n\n" + s, Reasoning: s}),
		on(frame.TypeCommentary, &frame.Commentary{Text: s}),
		on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: s, Preview: s, Args: map[string]any{s: s}}),
		on(frame.TypeToolProgress, &frame.ToolProgress{Index: 1, Note: s}),
		on(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: frame.Ptr(false), OutputPreview: s + "\n" + s}),
		on(frame.TypeMessage, &frame.Message{MessageID: "h2", Role: frame.RoleAssistant, Text: s, ReplyTo: frame.Some("h0"),
			Media:   []frame.Media{{MediaID: "m", Kind: s, Filename: s, Size: 10}},
			Runtime: &frame.Runtime{Model: s, Cwd: s}}),
		on(frame.TypeNotification, &frame.Notification{Title: s, Body: s}),
	)
}

// TestHostileWireStringsNeverReachTheTerminal: no escape sequence or
// control from the wire reaches the screen or the window title, and the
// sanitised text does show in the status bar's channel label, the
// transcript and the title (so a view that drops it, or a blank one, fails).
func TestHostileWireStringsNeverReachTheTerminal(t *testing.T) {
	for name, c := range hostile {
		t.Run(name, func(t *testing.T) {
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				h := newHarness(t, size[0], size[1])
				h.online()
				playHostile(h, c.wire)
				h.key('o', tea.ModCtrl) // tool verbosity: none
				h.key('o', tea.ModCtrl) // tool verbosity: all (args shown)
				check := func(stage string) {
					v := h.m.View()
					if err := termsafe.Verify(v.Content); err != nil {
						t.Fatalf("%s %dx%d: %v", stage, size[0], size[1], err)
					}
					if err := termsafe.Verify(v.WindowTitle); err != nil {
						t.Fatalf("%s window title: %v", stage, err)
					}
					if screen := ansi.Strip(v.Content); !strings.Contains(screen, "# Def "+c.shown) {
						t.Fatalf("%s %dx%d: the status bar does not name the channel %q:\n%s", stage, size[0], size[1], c.shown, screen)
					}
					if tv := ansi.Strip(h.m.transcript.View()); !strings.Contains(tv, c.shown) {
						t.Fatalf("%s %dx%d: the transcript does not show %q:\n%s", stage, size[0], size[1], c.shown, tv)
					}
					if !strings.Contains(v.WindowTitle, "Def "+c.shown) {
						t.Fatalf("%s: window title %q does not name the channel %q", stage, v.WindowTitle, c.shown)
					}
				}
				check("streaming")
				s := c.wire
				h.frame(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "h1", FinalText: s + "\n\n`" + s + "`", Reasoning: s}))
				check("final")
				h.frame(frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: s, Message: s}})
				h.key('k', tea.ModCtrl) // ctrl+k: switcher lists hostile names
				check("switcher")
			}
		})
	}
}

// FuzzTranscriptView asserts that whatever text, reasoning and names the
// wire carries, the screen holds no escape sequence but SGR and the OSC 8
// links the client made, and still shows the status bar.
func FuzzTranscriptView(f *testing.F) {
	for _, c := range hostile {
		f.Add(c.wire, c.wire)
	}
	f.Add("# h\n\n- a\n- b\n\n```go\nx\n```\n| a | b |\n|---|---|\n| 1 | 2 |", "plain")
	f.Fuzz(func(t *testing.T, text, name string) {
		h := newHarness(t, 90, 24)
		h.online()
		h.frames(
			frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: "fz", Name: name, Kind: frame.KindChannel}},
			on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "f1", Role: frame.RoleAssistant}),
			on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "f1", Text: text, Reasoning: name}),
			on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: name, Preview: text}),
		)
		if err := termsafe.Verify(h.view()); err != nil {
			t.Fatalf("streaming: %v", err)
		}
		h.mustShow("● online")
		h.frame(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "f1", FinalText: text, Reasoning: name}))
		if err := termsafe.Verify(h.view()); err != nil {
			t.Fatalf("final: %v", err)
		}
		h.mustShow("● online")
	})
}
