package termsafe

import (
	"strings"
	"unicode/utf8"
)

// ShowHidden makes local text drawn by a widget visible as it will be sent:
// it replaces every character at or above U+0080 that Text would replace
// (Unicode format and bidi controls such as U+202E and U+200B, C1
// controls, the kitty placeholder, invalid UTF-8) with Placeholder, and
// leaves the rest alone, the 7-bit escape sequences the widget styled the
// text with included. The composer draws its view through it, so a pasted
// bidi override shows instead of reordering the line, while the draft keeps
// the characters as typed.
func ShowHidden(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size, valid := nextRune(s[i:])
		if _, bad := placeholder(r); bad || !valid {
			b.WriteString(s[done:i])
			b.WriteString(Placeholder)
			done = i + size
		}
		i += size
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}
