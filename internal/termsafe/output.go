package termsafe

import "strings"

// hyperlinkClose ends an OSC 8 hyperlink.
const hyperlinkClose = "\x1b]8;;\x1b\\"

// Output filters rendered text (glamour's output, or any string about to be
// drawn) down to what the terminal may see: printable text, newlines and
// tabs, SGR sequences (ESC [ … m) and OSC 8 hyperlinks whose target is an
// http, https or mailto URL without spaces or controls (non-ASCII bytes are
// percent-encoded). Every other escape
// sequence, control character (including CR and 8-bit C1 bytes) and Unicode
// format/bidi control is dropped; invalid UTF-8 becomes U+FFFD. Hyperlinks
// are re-encoded in one canonical form (ST-terminated), a close without an open
// link is dropped and a link left open is closed.
func Output(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	var state byte
	linkOpen := false
	for len(s) > 0 {
		seq, n, newState := nextToken(s, state)
		state = newState
		s = s[n:]
		switch classify(seq) {
		case seqText:
			writeText(&b, seq)
		case seqSGR:
			b.WriteString(seq)
		case seqLink:
			if uri, params, ok := allowedLink(seq); ok {
				switch {
				case uri != "":
					b.WriteString(hyperlink(params, uri))
					linkOpen = true
				case linkOpen:
					b.WriteString(hyperlinkClose)
					linkOpen = false
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

// hyperlink is the canonical, ST-terminated OSC 8 opening sequence.
func hyperlink(params, uri string) string {
	return "\x1b]8;" + params + ";" + uri + "\x1b\\"
}
