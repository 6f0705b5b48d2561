package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A dialog that fits beside the sidebar leaves the sidebar whole, its edge
// included; one too wide for that is centred on the screen.
func TestDialogsLeaveTheSidebarEdge(t *testing.T) {
	for _, width := range []int{100, 120, 200} {
		h := newHarness(t, width, 40)
		h.online()
		h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./tmp3"))
		h.mustShow("Approve command?")
		edge := h.m.scr.layout.sidebar - 1
		for i, row := range strings.Split(h.plain(), "\n")[:h.m.scr.layout.top+h.m.scr.layout.transcript] {
			if got := ansi.Cut(row, edge, edge+1); got != "│" {
				t.Fatalf("width %d, row %d: column %d is %q, not the sidebar's edge:\n%s", width, i, edge, got, h.plain())
			}
		}
	}
	h := newHarness(t, 60, 20) // no sidebar: centred on the screen
	h.online()
	h.key(tea.KeyF1, 0)
	if h.m.scr.layout.sidebar != 0 || h.m.DialogOpen() == "" {
		t.Fatalf("sidebar %d, dialog %q", h.m.scr.layout.sidebar, h.m.DialogOpen())
	}
	for _, row := range strings.Split(h.plain(), "\n") {
		if left := strings.Index(row, "╭"); left >= 0 {
			x := ansi.StringWidth(row[:left])
			bw := ansi.StringWidth(strings.TrimRight(row, " ")) - x
			if x != (60-bw)/2 {
				t.Fatalf("dialog at column %d, %d wide: not centred in 60:\n%s", x, bw, h.plain())
			}
			return
		}
	}
	t.Fatalf("no dialog box:\n%s", h.plain())
}
