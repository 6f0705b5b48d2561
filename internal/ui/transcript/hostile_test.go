package transcript_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// hostile wraps a visible word in what a hostile gateway could send: a
// window-title OSC, a screen clear, a cursor move, a C1 CSI, a bidi
// override and a zero-width space.
func hostile(word string) string {
	return "\x1b]0;pwned\x07" + word + "\x1b[2J\x1b[H\u009b31m\u202E\u200B!"
}

// Every wire string the transcript draws goes through termsafe: the view
// holds no control sequence of the gateway's (they show as symbols), and
// the words around them are still there for the user to read.
func TestHostileTextIsSanitisedAndShown(t *testing.T) {
	f := newFixture(t, 120, 60)
	f.com.Settings.Tools = common.ToolsAll
	f.changed()
	pct := 5
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "u", Role: frame.RoleUser, Text: hostile("USERTEXT"), TS: at(5)})
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, TS: at(4),
		ReplyTo: frame.Some("u"), Text: hostile("ASSISTANTTEXT"), Reasoning: hostile("REASONING"),
		Runtime: &frame.Runtime{Model: hostile("MODEL"), ContextPct: &pct, Cwd: hostile("CWD")},
		Media:   []frame.Media{{MediaID: "m1", Kind: frame.MediaFile, Filename: hostile("FILENAME")}}})
	f.apply(frame.TypeCommentary, &frame.Commentary{Text: hostile("COMMENTARY")})
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: hostile("TOOLNAME"), Preview: hostile("PREVIEW"),
		Args: map[string]any{hostile("ARGKEY"): hostile("ARGVALUE")}})
	f.apply(frame.TypeToolProgress, &frame.ToolProgress{Index: 1, Note: hostile("NOTE")})
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s", Role: frame.RoleAssistant, TS: at(1)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s", Text: hostile("STREAMED")})
	f.apply(frame.TypeAgentBusy, &frame.AgentBusy{Reason: hostile("REASON")})
	f.st.AddNotice(chat, hostile("NOTICE"))
	f.apply(frame.TypePickerApproval, &frame.Picker{PickerID: "p1", Command: hostile("COMMAND")})
	f.st.AnswerPicker(chat, "p1", "v", "approved once: "+hostile("RECORD"))
	f.st.PickerAccepted("p1")
	f.m.Refresh()

	// view fails on any sequence termsafe.Verify refuses.
	f.mustShow("USERTEXT", "ASSISTANTTEXT", "REASONING", "MODEL", "CWD", "FILENAME", "COMMENTARY",
		"TOOLNAME", "PREVIEW", "ARGKEY", "ARGVALUE", "NOTE", "STREAMED", "REASON", "NOTICE", "RECORD",
		"↪ ␛]0;pwned␇USERTEXT") // the reply quote; the controls show as symbols
	noRawControls(t, f.view())
}

// noRawControls fails if the raw view holds any control of hostile().
func noRawControls(t *testing.T, raw string) {
	t.Helper()
	for _, bad := range []string{"\x1b]0;", "\x1b[2J", "\x1b[H", "\u009b", "\u202E", "\u200B", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Fatalf("the view holds %q raw:\n%q", bad, raw)
		}
	}
}

// The finished tool output, a hostile one included, is shown line by line
// with tabs expanded.
func TestToolOutputIsSanitisedAndShown(t *testing.T) {
	f := newFixture(t, 80, 12)
	ok := true
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "cat"})
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &ok, OutputPreview: "col1\tcol2\n" + hostile("OUTPUT")})
	f.mustShow("col1    col2", "OUTPUT")
	noRawControls(t, f.view())
}
