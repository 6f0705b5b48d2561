package transcript_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

func numbered(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("log line %03d", i+1)
	}
	return strings.Join(lines, "\n")
}

// TestLongUserMessageFoldsAndExpands: a 400-line message of the user's
// shows its first 8 lines and a line counting the rest with the key that
// expands it; the key shows it in full and folds it back. A message of 12
// lines, and a long reply of the agent's, are shown in full.
func TestLongUserMessageFoldsAndExpands(t *testing.T) {
	f := newFixture(t, 80, 30)
	f.message("paste", frame.RoleUser, numbered(400), 2)
	f.mustShow("log line 008", "… 392 more lines (e expand)")
	f.mustNotShow("log line 008", "log line 009", "log line 400")
	if !f.m.SelectStep(-1) || f.m.Selected().Msg.ID != "paste" {
		t.Fatal("the pasted message is not selected")
	}
	if !f.m.ToggleFold() {
		t.Fatal("the folded message did not expand")
	}
	f.m.ToBottom()
	f.mustShow("log line 400")
	f.mustNotShow("log line 400", "more lines")
	if !f.m.ToggleFold() {
		t.Fatal("the expanded message did not fold back")
	}
	f.mustShow("… 392 more lines (e expand)")

	g := newFixture(t, 80, 40)
	g.message("short", frame.RoleUser, numbered(12), 0)
	g.message("reply", frame.RoleAssistant, strings.ReplaceAll(numbered(14), "log", "agent"), 1)
	g.mustShow("log line 001", "log line 012", "agent line 001", "agent line 014")
	g.mustNotShow("log line 012", "more lines")
	g.m.SelectStep(-1)
	g.m.SelectStep(-1)
	if it := g.m.Selected(); it == nil || it.Msg.ID != "short" || g.m.ToggleFold() {
		t.Fatalf("a 12-line message folds (selected %v)", it)
	}
}
