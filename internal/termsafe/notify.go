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

// Desktop returns the terminal sequences that raise a desktop notification
// (a bell, OSC 9 and OSC 777) for title and body, both made safe with
// Notify and capped (60 and 160 runes), so they carry no control
// characters.
func Desktop(title, body string) string {
	title, body = Notify(title, 60), Notify(body, 160)
	field := strings.ReplaceAll(title, ";", ",") // OSC 777 separates its fields with ';'
	return "\a\x1b]9;" + title + ": " + body + "\x07\x1b]777;notify;" + field + ";" + body + "\x07"
}
