package composer

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// showHidden draws the textarea's view through termsafe.ShowHidden, so a
// bidi override or a zero-width character in the draft shows as a
// placeholder (as in the transcript) instead of reordering or hiding text;
// the draft itself keeps the characters. A placeholder takes a cell where
// the hidden character took none, so a row that grew is cut back to its
// width: the textarea pads every row to its width, so the padding goes
// first.
func showHidden(view string) string {
	shown := termsafe.ShowHidden(view)
	if shown == view {
		return view
	}
	before, after := strings.Split(view, "\n"), strings.Split(shown, "\n")
	for i, row := range after {
		if w := ansi.StringWidth(before[i]); ansi.StringWidth(row) > w {
			after[i] = ansi.Truncate(row, w, "")
		}
	}
	return strings.Join(after, "\n")
}
