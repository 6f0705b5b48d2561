package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/termsafe"
)

// hostile are wire strings that try to reach the terminal.
var hostile = map[string]string{
	"CSI 2J":          "before\x1b[2Jafter",
	"OSC 0 title":     "x\x1b]0;pwned\x07y",
	"OSC 2 title":     "x\x1b]2;pwned\x1b\\y",
	"OSC 52 clip":     "x\x1b]52;c;ZXZpbA==\x07y",
	"OSC 8 js":        "\x1b]8;;javascript:alert(1)\x1b\\click\x1b]8;;\x1b\\",
	"OSC 8 file":      "\x1b]8;;file:///etc/passwd\x1b\\open\x1b]8;;\x1b\\",
	"C1 CSI":          "a\u009b2Jb",
	"DCS":             "a\x1bP1$qm\x1b\\b",
	"bidi override":   "abc\u202edcba\u202c",
	"entity dec":      "&#27;[2J",
	"entity hex":      "&#x1b;]0;t&#x07;",
	"entity in code":  "`&#27;[31m` and ```\n&#x1B;[2J\n```",
	"raw BEL and NUL": "bell\x07nul\x00",
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

func TestHostileWireStringsNeverReachTheTerminal(t *testing.T) {
	for name, s := range hostile {
		t.Run(name, func(t *testing.T) {
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				h := newHarness(t, size[0], size[1])
				h.online()
				playHostile(h, s)
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
				}
				check("streaming")
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
// links the client made.
func FuzzTranscriptView(f *testing.F) {
	for _, s := range hostile {
		f.Add(s, s)
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
		h.frame(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "f1", FinalText: text, Reasoning: name}))
		if err := termsafe.Verify(h.view()); err != nil {
			t.Fatalf("final: %v", err)
		}
	})
}
