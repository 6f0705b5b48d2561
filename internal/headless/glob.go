package headless

import (
	"errors"
	"regexp"
	"strings"
)

// compileGlob turns a policy glob into an anchored regular expression: *
// matches any run of characters and ? one (within a path component, not
// across a /, when inPath), [abc], [a-z] and [!abc] or [^abc] a class, and
// \ makes the next character literal. The whole text must match.
func compileGlob(glob string, inPath bool) (*regexp.Regexp, error) {
	star, one := ".*", "."
	if inPath {
		star, one = "[^/]*", "[^/]"
	}
	var b strings.Builder
	b.WriteString("(?s)^")
	rs := []rune(glob)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; r {
		case '*':
			b.WriteString(star)
		case '?':
			b.WriteString(one)
		case '\\':
			if i+1 == len(rs) {
				return nil, errors.New(`a trailing \ escapes nothing`)
			}
			i++
			b.WriteString(regexp.QuoteMeta(string(rs[i])))
		case '[':
			end := i + 1
			if end < len(rs) && (rs[end] == '!' || rs[end] == '^') {
				end++
			}
			if end < len(rs) && rs[end] == ']' {
				end++ // a ] first in the class is literal
			}
			for end < len(rs) && rs[end] != ']' {
				end++
			}
			if end == len(rs) {
				return nil, errors.New("a [ is not closed by ]")
			}
			class := rs[i+1 : end]
			neg := len(class) > 0 && (class[0] == '!' || class[0] == '^')
			if neg {
				class = class[1:]
			}
			b.WriteByte('[')
			if neg {
				b.WriteByte('^')
				if inPath {
					b.WriteByte('/')
				}
			}
			for _, c := range class {
				if c == '\\' || c == '[' || c == ']' || c == '^' {
					b.WriteByte('\\')
				}
				b.WriteRune(c)
			}
			b.WriteByte(']')
			i = end
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteByte('$')
	return regexp.Compile(b.String())
}
