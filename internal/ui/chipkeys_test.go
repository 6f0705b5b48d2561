package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// TestFirstChipKeySelectsAVisibleChip: with a chip scrolled off the top
// and one on screen, the first ] selects the one on screen.
func TestFirstChipKeySelectsAVisibleChip(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "a0", Role: "assistant", Text: "old file", TS: ms(0, 0),
		Media: []frame.Media{{MediaID: "md_old", Kind: "file", Filename: "old.pdf", Size: 10}}}))
	for i := range 30 {
		h.frame(msgFrame(fmt.Sprintf("f%d", i), "assistant", fmt.Sprintf("filler %d", i), ms(1, i)))
	}
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "a1", Role: "assistant", Text: "new file", TS: ms(2, 0),
		Media: []frame.Media{{MediaID: "md_new", Kind: "file", Filename: "new.pdf", Size: 10}}}))
	h.mustShow("new.pdf")
	h.mustNotShow("old.pdf")
	h.key(tea.KeyTab, 0)
	h.send(tea.KeyPressMsg{Code: ']', Text: "]"})
	if got := h.m.transcript.SelectedMedia(); got != "md_new" {
		t.Fatalf("selected %q", got)
	}
	h.mustShow("new.pdf")
}
