package composer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

func TestComposerShowsBidiAndZeroWidthControls(t *testing.T) {
	const pasted = "pay abc\u202Efdp.exe\u200B now"
	m := New(common.NewForTest(time.Unix(0, 0)))
	m.SetSize(60, 0)
	m.Update(tea.PasteMsg{Content: pasted})

	view := m.View()
	if err := termsafe.Verify(view); err != nil {
		t.Fatalf("the composer draws a control raw: %v\n%q", err, view)
	}
	if !strings.Contains(ansi.Strip(view), "pay abc\uFFFDfdp.exe\uFFFD now") {
		t.Fatalf("no visible placeholders:\n%s", ansi.Strip(view))
	}
	if m.Value() != pasted {
		t.Fatalf("draft = %q, want it as pasted %q", m.Value(), pasted)
	}
	act, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if act != (common.ActionSend{Text: pasted}) {
		t.Fatalf("sent %#v, want the real characters %q", act, pasted)
	}
}

// A placeholder takes a cell the control did not: rows keep their width,
// so the frame neither wraps nor grows.
func TestComposerPlaceholdersKeepTheLayout(t *testing.T) {
	const width = 30
	m := New(common.NewForTest(time.Unix(0, 0)))
	m.SetSize(width, 0)
	// A word filling a row exactly, with controls in it, then more rows.
	word := strings.Repeat("\u202Ex\u200B", 40)
	m.SetValue(word + "\nsecond line\nthird")
	view := m.View()
	rows := strings.Split(view, "\n")
	if len(rows) != m.Height() {
		t.Fatalf("Height %d but View has %d rows:\n%s", m.Height(), len(rows), ansi.Strip(view))
	}
	for i, row := range rows {
		if w := ansi.StringWidth(row); w != width {
			t.Fatalf("row %d is %d cells wide, want %d:\n%s", i, w, width, ansi.Strip(view))
		}
	}
	if err := termsafe.Verify(view); err != nil {
		t.Fatal(err)
	}
}
