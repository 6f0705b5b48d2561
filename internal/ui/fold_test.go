package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestPastedLongMessageFoldsOnceSent: a 400-line paste, once sent, shows
// its first lines and "… N more lines" instead of filling the transcript
// (it goes to the gateway whole); selecting it and pressing e shows it in
// full, and e again folds it.
func TestPastedLongMessageFoldsOnceSent(t *testing.T) {
	h := newHarness(t, 100, 40)
	h.online()
	lines := make([]string, 400)
	for i := range lines {
		lines[i] = fmt.Sprintf("pasted %03d", i+1)
	}
	h.send(tea.PasteMsg{Content: strings.Join(lines, "\n")})
	h.key(tea.KeyEnter, 0)
	if got := sentTexts(h); len(got) != 1 || got[0] != strings.Join(lines, "\n") {
		t.Fatalf("sent %d messages, the first of %d bytes", len(got), len(strings.Join(got, "")))
	}
	h.mustShow("pasted 008", "… 392 more lines (e expand)")
	h.mustNotShow("pasted 009", "pasted 400")

	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0)
	h.send(tea.KeyPressMsg{Code: 'e', Text: "e"})
	h.key(tea.KeyEnd, 0)
	h.mustShow("pasted 400")
	h.mustNotShow("more lines")
	h.key(tea.KeyUp, 0)
	h.send(tea.KeyPressMsg{Code: 'e', Text: "e"})
	h.mustShow("… 392 more lines (e expand)")
}
