package dialog

import (
	"regexp"
	"strings"
)

// Markdown markers a search snippet is shown without. The snippet is a cut
// of the message's markdown source, so a pair may be cut in half; leftover
// markers of the unambiguous kinds (**, __, ~~, `) are dropped too.
var (
	mdLinePrefix = regexp.MustCompile(`^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?)`)
	mdFence      = regexp.MustCompile("^\\s*(?:```|~~~)\\S*\\s*$")
	mdMidHeading = regexp.MustCompile(`(\s)#{2,6}\s+`) // a gateway may fold the lines of a snippet into one
	mdImageLink  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	mdStrong     = regexp.MustCompile(`\*\*|__|~~`)
	mdCode       = regexp.MustCompile("`+")
	mdStar       = regexp.MustCompile(`(^|[^\w*])\*([^*\s](?:[^*]*[^*\s])?)\*($|[^\w*])`)
	mdUnder      = regexp.MustCompile(`(^|[^\w_])_([^_\s](?:[^_]*[^_\s])?)_($|[^\w_])`)
)

// plainSnippet returns markdown source as the text a reader sees: headings,
// quote and list markers, fences, emphasis, code ticks and link targets
// removed, their text kept ("## the **deploy** `api`" → "the deploy api").
// It keeps escape sequences as they are; the caller sanitises the result.
func plainSnippet(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if mdFence.MatchString(l) {
			continue
		}
		l = mdLinePrefix.ReplaceAllString(l, "")
		l = mdMidHeading.ReplaceAllString(l, "$1")
		l = mdImageLink.ReplaceAllString(l, "$1")
		l = mdStrong.ReplaceAllString(l, "")
		l = mdCode.ReplaceAllString(l, "")
		l = mdStar.ReplaceAllString(l, "$1$2$3")
		l = mdUnder.ReplaceAllString(l, "$1$2$3")
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
