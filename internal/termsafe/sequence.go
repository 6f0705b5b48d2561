package termsafe

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// seqKind is what Output and Verify make of one decoded token.
type seqKind int

const (
	// seqDrop is a control or sequence that never reaches the terminal.
	seqDrop seqKind = iota
	// seqText is printable text (a grapheme), a newline or a tab.
	seqText
	// seqSGR is a 7-bit CSI … m sequence with numeric parameters.
	seqSGR
	// seqLink is a 7-bit OSC 8 sequence, terminated by ST or BEL.
	seqLink
)

// classify sorts one token returned by ansi.DecodeSequence.
func classify(seq string) seqKind {
	if seq == "" {
		return seqDrop
	}
	c := seq[0]
	switch {
	case c == ansi.ESC && len(seq) > 1 && seq[1] == '[':
		if isSGR(seq) {
			return seqSGR
		}
		return seqDrop
	case c == ansi.ESC && len(seq) > 1 && seq[1] == ']':
		if strings.HasPrefix(seq, "\x1b]8;") && terminated(seq) {
			return seqLink
		}
		return seqDrop
	case c == '\n' || c == '\t':
		return seqText
	case c < 0x20 || c == ansi.DEL:
		return seqDrop
	case c >= 0x80 && c < 0xc0:
		// A lone continuation or 8-bit C1 byte (DecodeSequence treats
		// 0x9B and friends as sequence introducers).
		if len(seq) == 1 {
			return seqText // invalid UTF-8: writeText makes it U+FFFD
		}
		return seqDrop
	}
	return seqText
}

// isSGR reports whether seq is exactly ESC [ params m with digits, ';' and
// ':' only (no private prefix, no intermediates).
func isSGR(seq string) bool {
	if len(seq) < 3 || seq[len(seq)-1] != 'm' {
		return false
	}
	for i := 2; i < len(seq)-1; i++ {
		c := seq[i]
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}

// terminated reports whether an OSC string ends in BEL or ST rather than
// being cut off or cancelled.
func terminated(seq string) bool {
	return strings.HasSuffix(seq, "\a") || strings.HasSuffix(seq, "\x1b\\")
}

// allowedLink parses a terminated OSC 8 sequence (ESC ] 8 ; params ; uri
// ST) and reports the URI and params to re-emit: an empty URI (closing a
// link) or an http, https or mailto URI of printable ASCII. Params keep only
// an id of printable ASCII.
func allowedLink(seq string) (uri, params string, ok bool) {
	body := strings.TrimPrefix(seq, "\x1b]8;")
	body = strings.TrimSuffix(strings.TrimSuffix(body, "\a"), "\x1b\\")
	rawParams, uri, found := strings.Cut(body, ";")
	if !found {
		return "", "", false
	}
	if uri == "" {
		return "", "", true
	}
	uri, ok = escapeURI(uri)
	if !ok || !allowedScheme(uri) {
		return "", "", false
	}
	for _, kv := range strings.Split(rawParams, ":") {
		if id, isID := strings.CutPrefix(kv, "id="); isID && id != "" && printableASCII(id) {
			params = "id=" + id
		}
	}
	return uri, params, true
}

// allowedScheme reports an http, https or mailto URI (scheme compared
// case-insensitively).
func allowedScheme(uri string) bool {
	scheme, _, found := strings.Cut(uri, ":")
	if !found {
		return false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// escapeURI percent-encodes the non-ASCII bytes of a URI (IRIs stay
// clickable) and rejects one with spaces or control characters.
func escapeURI(uri string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(uri); i++ {
		c := uri[i]
		switch {
		case c <= 0x20 || c == 0x7f:
			return "", false
		case c >= 0x80:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// printableASCII reports whether s has only bytes 0x21–0x7E.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// nextToken splits the first token off s: a grapheme, a control byte or an
// escape sequence, as ansi.DecodeSequence does, except that escape strings
// (OSC, DCS, APC, SOS, PM introduced by ESC) run to their real terminator.
// DecodeSequence ends them at any 0x9C byte, which occurs inside UTF-8
// characters ("␜", "パ"), and would leave the rest of the string to leak
// out as text.
func nextToken(s string, state byte) (seq string, n int, newState byte) {
	if len(s) > 1 && s[0] == ansi.ESC && strings.IndexByte("]P_X^", s[1]) >= 0 {
		n = stringEnd(s)
		return s[:n], n, normalState
	}
	seq, _, n, newState = ansi.DecodeSequence(s, state, nil)
	if n == 0 {
		return s[:1], 1, normalState
	}
	return seq, n, newState
}

// stringEnd returns the length of the escape string at the start of s:
// through BEL or ST (ESC \), up to a cancelling CAN, SUB or other ESC, or
// all of s when it is unterminated.
func stringEnd(s string) int {
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case ansi.BEL:
			return i + 1
		case ansi.CAN, ansi.SUB:
			return i
		case ansi.ESC:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		}
	}
	return len(s)
}

// normalState is DecodeSequence's initial (ground) state.
const normalState byte = 0
