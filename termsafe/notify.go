package termsafe

import (
	"strings"
	"unicode/utf8"
)

// Notify makes a string from the wire safe for a window title, a desktop
// notification (OSC 9, OSC 777) or a status line: Line, with surrounding
// space trimmed and the result capped at max runes (the last being "…" when
// cut). A max below 1 yields "".
func Notify(s string, max int) string {
	s = strings.TrimSpace(Line(s))
	if max < 1 {
		return ""
	}
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	kept := 0
	for i := range s {
		if kept == max-1 {
			return s[:i] + "…"
		}
		kept++
	}
	return s
}
