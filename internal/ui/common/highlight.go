package common

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Highlight renders s with base, and the bytes i with marked[i] true with
// hit, one Render per run. marked may be shorter than s (the rest is
// unmarked). Callers mark whole runes.
func Highlight(base, hit lipgloss.Style, s string, marked []bool) string {
	at := func(i int) bool { return i < len(marked) && marked[i] }
	var b strings.Builder
	for start := 0; start < len(s); {
		end := start + 1
		for end < len(s) && at(end) == at(start) {
			end++
		}
		style := base
		if at(start) {
			style = hit
		}
		b.WriteString(style.Render(s[start:end]))
		start = end
	}
	return b.String()
}
