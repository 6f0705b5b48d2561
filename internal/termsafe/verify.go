package termsafe

import "fmt"

// Verify returns an error naming the first thing in s that Output would not
// have let through unchanged: an escape sequence other than SGR or an OSC 8
// hyperlink to an http, https or mailto target, a control character other
// than newline and tab, an 8-bit C1 byte, a Unicode format/bidi control or
// invalid UTF-8. It returns nil for safe strings; tests use it on rendered
// views.
func Verify(s string) error {
	var state byte
	offset := 0
	for len(s) > 0 {
		seq, n, newState := nextToken(s, state)
		state = newState
		if err := verifyToken(seq); err != nil {
			return fmt.Errorf("termsafe: byte %d: %w", offset, err)
		}
		s = s[n:]
		offset += n
	}
	return nil
}

// verifyToken checks one token from nextToken.
func verifyToken(seq string) error {
	switch classify(seq) {
	case seqDrop:
		return fmt.Errorf("disallowed sequence or control %q", seq)
	case seqLink:
		uri, params, ok := allowedLink(seq)
		if !ok || uri != "" && seq != hyperlink(params, uri) {
			return fmt.Errorf("disallowed hyperlink %q", seq)
		}
	case seqText:
		if seq == "\n" || seq == "\t" {
			return nil
		}
		for rest := seq; len(rest) > 0; {
			r, size, valid := nextRune(rest)
			rest = rest[size:]
			if _, bad := placeholder(r); bad || !valid || isLineBreak(r) {
				return fmt.Errorf("disallowed character %q in %q", r, seq)
			}
		}
	}
	return nil
}
