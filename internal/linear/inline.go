package linear

import (
	"regexp"
	"strings"
)

var (
	// link is [text](url).
	link = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]*)\)`)
	// emphasis is *text* or _text_ around a word.
	emphasis = regexp.MustCompile(`(^|[\s(])[*_]([^*_\s][^*_]*?)[*_]($|[\s).,;:!?])`)
)

// inline turns a line's inline markdown into plain words: bold and code
// marks go, a link reads "text (url)".
func inline(s string) string {
	s = strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
	s = link.ReplaceAllStringFunc(s, func(m string) string {
		p := link.FindStringSubmatch(m)
		if p[1] == "" || p[1] == p[2] {
			return p[2]
		}
		return p[1] + " (" + p[2] + ")"
	})
	return emphasis.ReplaceAllString(s, "$1$2$3")
}
