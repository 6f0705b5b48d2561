package termsafe

import (
	"unicode"
	"unicode/utf8"
)

// nextRune decodes the first rune of s; invalid UTF-8 yields ok false and a
// size of 1.
func nextRune(s string) (r rune, size int, ok bool) {
	r, size = utf8.DecodeRuneInString(s)
	return r, size, r != utf8.RuneError || size > 1
}

// Placeholder is shown in place of C1 controls, Unicode format and bidi
// controls, the kitty image placeholder and invalid UTF-8.
const Placeholder = "\uFFFD"

// KittyPlaceholder is the kitty graphics protocol's Unicode placeholder
// (U+10EEEE). Kitty draws an image wherever it appears, so a wire string
// holding it could show one of the client's own images where it does not
// belong; only the client's preview code may emit it.
const KittyPlaceholder = '\U0010EEEE'

// controlPictureDEL is the visible stand-in for DEL (U+007F).
const controlPictureDEL = "\u2421"

// placeholder returns the visible stand-in for r and true when r must not
// reach the terminal as is. Newline and tab are not handled here: Text keeps
// them and Line turns them into spaces.
func placeholder(r rune) (string, bool) {
	switch {
	case r < 0x20:
		// C0 controls map onto the Control Pictures block (␀ … ␟).
		return string(rune(0x2400 + r)), true
	case r == 0x7f:
		return controlPictureDEL, true
	case r < 0x80:
		return "", false
	case r <= 0x9f:
		return Placeholder, true
	case r == KittyPlaceholder:
		return Placeholder, true
	case r == 0x200c || r == 0x200d:
		// ZWNJ and ZWJ join emoji and scripts; they move no cursor and
		// reorder nothing.
		return "", false
	case r >= 0xe0020 && r <= 0xe007f:
		// Tag characters spell subdivision flags (🏴 + tags).
		return "", false
	case unicode.Is(unicode.Cf, r):
		// Format controls: bidi embeddings, overrides and isolates
		// (U+202A–202E, U+2066–2069), marks (U+200E/F, U+061C), BOM,
		// invisible operators, soft hyphen.
		return Placeholder, true
	}
	return "", false
}

// isLineBreak reports the Unicode line and paragraph separators, which
// Text turns into newlines and Line into spaces.
func isLineBreak(r rune) bool {
	return r == 0x2028 || r == 0x2029
}
