package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/composer"
)

func TestComposerKeepsEveryTypedLine(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	base := h.m.scr.layout.composer
	lines := []string{"line1", "line2", "line3", "l4", "l5", "l6", "l7", "l8"}
	for i, l := range lines {
		if i > 0 {
			if i%2 == 0 {
				h.key('j', tea.ModCtrl)
			} else {
				h.key(tea.KeyEnter, tea.ModAlt)
			}
		}
		h.typeText(l)
	}
	if h.m.scr.layout.composer > base+composer.MaxLines-1 {
		t.Fatalf("composer grew past its cap: %d rows", h.m.scr.layout.composer)
	}
	h.mustShow("› l8")
	h.key(tea.KeyEnter, 0)
	got := sentTexts(h)
	if want := strings.Join(lines, "\n"); len(got) != 1 || got[0] != want {
		t.Fatalf("sent %q, want %q", got, want)
	}
}
