// Package markdown renders message text for the transcript: glamour v2 with
// the theme's style, wrapped in the terminal safety pipeline (termsafe.Text
// before, termsafe.Output after), plus a streaming renderer that re-renders
// only the unfinished tail of a growing message.
//
// Glamour renderers are not goroutine-safe: every type here is meant to be
// used from the UI goroutine only.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package markdown

import (
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// Renderer renders markdown at one width with one style. It wraps one
// glamour TermRenderer and must only be used from one goroutine (the UI's).
type Renderer struct {
	tr    *glamour.TermRenderer
	width int
}

// New makes a renderer that wraps text at width cells (at least 1) with the
// given glamour style (themes.GlamourStyle).
func New(width int, style ansi.StyleConfig) (*Renderer, error) {
	registerUnnamedPlain()
	width = max(width, 1)
	tr, err := glamour.NewTermRenderer(
		glamour.WithStyles(style),
		glamour.WithWordWrap(width),
		// True-colour code highlighting: chroma's 256-colour formatter
		// breaks ties between equally near colours at random, so the same
		// text could render differently twice. The terminal's renderer
		// downsamples to the real colour profile.
		glamour.WithChromaFormatter(formatterName),
	)
	if err != nil {
		return nil, err
	}
	return &Renderer{tr: tr, width: width}, nil
}

// Width is the wrap width the renderer was made for.
func (r *Renderer) Width() int { return r.width }

// Render renders wire text (untrusted) as markdown: sanitised with
// termsafe.Text, rendered by glamour, filtered with termsafe.Output. When
// glamour fails, the sanitised text is returned as is.
func (r *Renderer) Render(text string) string {
	return r.renderClean(termsafe.Text(text))
}

// renderClean renders text that termsafe.Text has already sanitised;
// tables are narrowed to their content (fitTables).
func (r *Renderer) renderClean(clean string) string {
	out, err := r.tr.Render(normaliseFences(clean))
	if err != nil {
		return termsafe.Output(clean)
	}
	return termsafe.Output(fitTables(out))
}

// sentinel is a one-character paragraph (one line at any width) put
// before a tail rendered on its own, so that glamour lays out the tail's
// first block as it would in the middle of the document (paragraphs and
// headings get no leading blank line when they come first).
const sentinel = "x\n\n"

// renderContinuation renders clean text that follows other blocks of the
// same message, and returns what it adds to their rendering.
func (r *Renderer) renderContinuation(clean string) string {
	out := r.renderClean(sentinel + clean)
	_, rest, found := strings.Cut(out, "\n")
	if !found {
		return ""
	}
	return rest
}
