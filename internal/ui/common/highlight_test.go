package common

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// TestHighlightStylesEachRun: the marked bytes get the hit style and the
// rest the base style, one render per run; marks past the end of a short
// slice count as unmarked.
func TestHighlightStylesEachRun(t *testing.T) {
	base := lipgloss.NewStyle().SetString("")
	hit := lipgloss.NewStyle().Transform(strings.ToUpper)
	marked := []bool{false, false, true, true, false, true}
	if got := Highlight(base, hit, "abcdefgh", marked); got != "abCDeFgh" {
		t.Fatalf("Highlight = %q, want abCDeFgh", got)
	}
	bracket := lipgloss.NewStyle().Transform(func(s string) string { return "[" + s + "]" })
	if got := Highlight(base, bracket, "héllo wörld", []bool{true, true, true}); got != "[hé]llo wörld" {
		t.Fatalf("a whole rune marked: %q", got)
	}
	if got := Highlight(bracket, hit, "ab", nil); got != "[ab]" {
		t.Fatalf("nothing marked is one base run: %q", got)
	}
	if got := Highlight(base, hit, "", []bool{true}); got != "" {
		t.Fatalf("empty text: %q", got)
	}
}
