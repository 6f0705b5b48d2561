package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// On a wide terminal a small table keeps to its content instead of
// spanning the transcript (168 columns at width 200).
func TestTableKeepsToItsContentOnAWideScreen(t *testing.T) {
	h := newHarness(t, 200, 40)
	h.online()
	h.frame(msgFrame("m_t", "assistant", "Results:\n\n| Test | Time |\n| --- | ---: |\n| unit | 4s |\n| e2e | 2m |\n", ms(1, 0)))
	h.mustShow("Results:", "unit", "e2e")
	for _, row := range strings.Split(h.plain(), "\n") {
		if !strings.Contains(row, "┼") {
			continue
		}
		rule := strings.TrimFunc(row, func(r rune) bool { return r != '─' && r != '┼' })
		if w := ansi.StringWidth(rule); w > 20 {
			t.Fatalf("the table is %d columns wide:\n%s", w, h.plain())
		}
		return
	}
	t.Fatalf("no table drawn:\n%s", h.plain())
}
