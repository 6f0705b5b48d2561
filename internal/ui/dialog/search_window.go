package dialog

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// hitWindow fits a one-line snippet into width cells around its first
// match: when the match would fall past the cut, the line starts a third
// of the width before it, behind "…", and is cut with "…" at the end.
func hitWindow(s string, terms []string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	lower := strings.ToLower(s)
	at := -1
	if len(lower) == len(s) {
		for _, t := range terms {
			if i := strings.Index(lower, t); t != "" && i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
	}
	if at >= 0 && ansi.StringWidth(s[:at]) > width*2/3 {
		runes := []rune(s[:at])
		lead := width / 3
		start := max(len(runes)-lead, 0)
		s = "…" + string(runes[start:]) + s[at:]
	}
	return ansi.Truncate(s, width, "…")
}
