package termsafe

import (
	"html"
	"strings"
)

// maxNamedReference bounds the name of a named character reference; the
// longest HTML5 name ("CounterClockwiseContourIntegral") has 31 letters.
const maxNamedReference = 32

// reference inspects the character reference that may start s (s[0] is
// '&'). When it decodes, the way html.UnescapeString (and so glamour)
// decodes it, to a character that must not reach the terminal, reference
// returns the placeholders to write instead, the length of the reference
// and true. Numeric references to C1 code points count as dangerous even
// though Go maps most of them to Windows-1252 characters: other decoders
// do not.
func reference(s string) (string, int, bool) {
	n, c1 := referenceLen(s)
	if n == 0 {
		return "", 0, false
	}
	decoded := html.UnescapeString(s[:n])
	if decoded == s[:n] {
		return "", 0, false
	}
	if c1 {
		return Placeholder, n, true
	}
	var b strings.Builder
	bad := false
	for _, r := range decoded {
		if p, ok := placeholder(r); ok && r != '\n' && r != '\t' {
			b.WriteString(p)
			bad = true
			continue
		}
		if isLineBreak(r) || r == '\r' {
			b.WriteString(Placeholder)
			bad = true
			continue
		}
		b.WriteRune(r)
	}
	if !bad {
		return "", 0, false
	}
	return b.String(), n, true
}

// referenceLen returns the length of the character reference syntax at the
// start of s ("&#27;", "&#x1b", "&lrm;" …; the ';' is optional, as in
// html.UnescapeString) or 0, and whether it is a numeric reference to a C1
// code point (U+0080–U+009F).
func referenceLen(s string) (int, bool) {
	if len(s) < 2 || s[0] != '&' {
		return 0, false
	}
	i := 1
	if s[1] == '#' {
		i = 2
		hex := i < len(s) && (s[i] == 'x' || s[i] == 'X')
		if hex {
			i++
		}
		start := i
		value := 0
		for i < len(s) && isDigit(s[i], hex) {
			if value <= 0x10ffff {
				value = value*base(hex) + digit(s[i])
			}
			i++
		}
		if i == start {
			return 0, false
		}
		if i < len(s) && s[i] == ';' {
			i++
		}
		return i, value >= 0x80 && value <= 0x9f
	}
	for i < len(s) && i <= maxNamedReference && isAlnum(s[i]) {
		i++
	}
	if i == 1 {
		return 0, false
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	return i, false
}

func base(hex bool) int {
	if hex {
		return 16
	}
	return 10
}

func isDigit(c byte, hex bool) bool {
	if c >= '0' && c <= '9' {
		return true
	}
	return hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
}

func digit(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
