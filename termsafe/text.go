package termsafe

import "strings"

// Text makes multi-line content from the wire safe to render: it keeps
// newlines and tabs, turns CRLF and U+2028/U+2029 into newlines, replaces
// every other control, DEL, C1 control (including U+009B), Unicode
// format/bidi control and invalid UTF-8 byte with a visible placeholder
// (control pictures such as ␛ for C0, U+FFFD otherwise), and replaces HTML
// character references that decode to such characters (&#27;, &#x1B;,
// &#0027, &#155;, &lrm; …) with the same placeholders so that no markdown
// renderer can decode them.
func Text(s string) string {
	return clean(s, false)
}

// Line makes a single-line label from the wire (channel name, filename,
// title, tool argument) safe: Text, with every newline and tab turned into a
// space.
func Line(s string) string {
	return clean(s, true)
}

// clean is Text (oneLine false) or Line (oneLine true).
func clean(s string, oneLine bool) string {
	if isPlain(s, oneLine) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		c := s[i]
		if c == '&' {
			if repl, n, ok := reference(s[i:]); ok {
				b.WriteString(repl)
				i += n
				continue
			}
		}
		r, size, valid := nextRune(s[i:])
		i += size
		switch {
		case !valid:
			b.WriteString(Placeholder)
		case r == '\r' && i < len(s) && s[i] == '\n':
			// CRLF: the LF that follows is written on the next round.
		case r == '\n' || r == '\t' || isLineBreak(r):
			if oneLine {
				b.WriteByte(' ')
			} else if r == '\t' {
				b.WriteByte('\t')
			} else {
				b.WriteByte('\n')
			}
		default:
			if p, bad := placeholder(r); bad {
				b.WriteString(p)
			} else {
				b.WriteString(s[i-size : i])
			}
		}
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII (plus newline and tab for
// multi-line text) without '&', so clean can return it unchanged.
func isPlain(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '&' {
			continue
		}
		if !oneLine && (c == '\n' || c == '\t') {
			continue
		}
		return false
	}
	return true
}
