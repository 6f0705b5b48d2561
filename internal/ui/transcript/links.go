package transcript

import (
	"regexp"
	"strings"
)

// urlPattern finds http(s) URLs in the user's own (plain) text; only URL
// characters are taken, so no control or space can reach the link target.
var urlPattern = regexp.MustCompile(`https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+`)

// linkify makes the URLs of sanitised plain text OSC 8 hyperlinks, as the
// agent's markdown links are; a sentence's closing punctuation is not part
// of the URL. Wrapping keeps the whole target on every line of a long URL.
func linkify(s string) string {
	return urlPattern.ReplaceAllStringFunc(s, func(u string) string {
		trimmed := strings.TrimRight(u, ".,;:!?'")
		if strings.HasSuffix(trimmed, ")") && !strings.Contains(trimmed, "(") {
			trimmed = strings.TrimSuffix(trimmed, ")")
		}
		rest := u[len(trimmed):]
		if len(trimmed) <= len("https://") {
			return u
		}
		return "\x1b]8;;" + trimmed + "\x1b\\" + trimmed + "\x1b]8;;\x1b\\" + rest
	})
}
