package termsafe

import "strings"

// Text makes multi-line content from the wire safe to render: it keeps
// newlines, expands tabs to spaces at 4-column tab stops (CommonMark's, so
// markdown structure is unchanged; the terminal's cell renderer has no tab
// stops, and a raw tab would break the layout; columns are counted in runes),
// turns CRLF and U+2028/U+2029 into newlines, replaces
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

// tabWidth is the distance between tab stops in Text.
const tabWidth = 4

// clean is Text (oneLine false) or Line (oneLine true).
func clean(s string, oneLine bool) string {
	if isPlain(s, oneLine) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	col := 0 // runes since the last newline, for tab stops
	for i := 0; i < len(s); col++ {
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
			col--
		case oneLine && (r == '\n' || r == '\t' || isLineBreak(r)):
			b.WriteByte(' ')
		case r == '\t':
			n := tabWidth - col%tabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n - 1
		case r == '\n' || isLineBreak(r):
			b.WriteByte('\n')
			col = -1
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

// isPlain reports whether s is printable ASCII (plus newline for multi-line
// text) without '&', so clean can return it unchanged.
func isPlain(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '&' {
			continue
		}
		if !oneLine && c == '\n' {
			continue
		}
		return false
	}
	return true
}
