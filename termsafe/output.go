package termsafe

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// hyperlinkClose ends an OSC 8 hyperlink.
const hyperlinkClose = "\x1b]8;;\x1b\\"

// Output filters rendered text (glamour's output, or any string about to be
// drawn) down to what the terminal may see: printable text, newlines and
// tabs, SGR sequences (ESC [ … m) and OSC 8 hyperlinks whose target is an
// http, https or mailto URL made of printable ASCII. Every other escape
// sequence, control character (including CR and 8-bit C1 bytes) and Unicode
// format/bidi control is dropped; invalid UTF-8 becomes U+FFFD. Hyperlinks
// are re-encoded in one canonical form and a link left open is closed.
func Output(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	var state byte
	linkOpen := false
	for len(s) > 0 {
		seq, _, n, newState := ansi.DecodeSequence(s, state, nil)
		if n == 0 {
			seq, n = s[:1], 1
		}
		state = newState
		s = s[n:]
		switch classify(seq) {
		case seqText:
			writeText(&b, seq)
		case seqSGR:
			b.WriteString(seq)
		case seqLink:
			if uri, params, ok := allowedLink(seq); ok {
				linkOpen = uri != ""
				if linkOpen {
					b.WriteString("\x1b]8;" + params + ";" + uri + "\x1b\\")
				} else {
					b.WriteString(hyperlinkClose)
				}
			}
		}
	}
	if linkOpen {
		b.WriteString(hyperlinkClose)
	}
	return b.String()
}

// writeText writes a grapheme or control byte, keeping newline and tab and
// replacing anything placeholder flags.
func writeText(b *strings.Builder, g string) {
	if g == "\n" || g == "\t" {
		b.WriteString(g)
		return
	}
	for len(g) > 0 {
		r, size, valid := nextRune(g)
		g = g[size:]
		if !valid {
			b.WriteString(Placeholder)
			continue
		}
		if p, bad := placeholder(r); bad {
			if r >= 0x20 {
				b.WriteString(p)
			}
			continue
		}
		if isLineBreak(r) {
			continue
		}
		b.WriteRune(r)
	}
}
