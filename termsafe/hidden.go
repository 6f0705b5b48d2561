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
	i := firstHidden(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			b.WriteByte(s[i])
			i++
			continue
		}
		r, size, valid := nextRune(s[i:])
		if _, bad := placeholder(r); bad || !valid {
			b.WriteString(Placeholder)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// firstHidden returns the offset of the first character ShowHidden would
// replace, or -1.
func firstHidden(s string) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size, valid := nextRune(s[i:])
		if _, bad := placeholder(r); bad || !valid {
			return i
		}
		i += size
	}
	return -1
}
