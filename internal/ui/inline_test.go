package ui

import (
	"testing"

	"charm.land/lipgloss/v2"
)

// In --inline mode the managed area keeps the rows a closed dialog gave up
// (padded on top, so the composer stays at the bottom of the terminal
// rather than above rows left blank), and gives them up only as a print
// fills them.
func TestInlineAreaKeepsItsRowsUntilAPrintFillsThem(t *testing.T) {
	h := newHarness(t, 120, 40, func(o *Options) { o.Inline = true })
	h.online()
	base := lipgloss.Height(h.view())
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./out"))
	tall := lipgloss.Height(h.view())
	if tall <= base {
		t.Fatalf("the approval did not grow the area: %d rows, %d before", tall, base)
	}
	h.typeText("4")
	if got := lipgloss.Height(h.view()); got != tall {
		t.Fatalf("the area shrank from %d to %d rows with nothing printed", tall, got)
	}
	h.m.scr.inline.busy = false // the harness does not run tea.Println
	h.m.scr.inline.queue = []string{"one", "two", "three"}
	if cmd := h.m.scr.inlineAfterUpdate(); cmd == nil {
		t.Fatal("nothing printed")
	}
	if got := lipgloss.Height(h.view()); got != tall-3 {
		t.Fatalf("the area has %d rows, want %d: three printed rows fill three it gave up", got, tall-3)
	}
}
