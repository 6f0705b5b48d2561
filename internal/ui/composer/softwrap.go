package composer

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Prompts of the composer's rows: the first row of each line the user
// typed (a hard line) and the rows the textarea wrapped it onto (soft
// wraps), so that the two kinds of break look different.
const (
	promptLine = "› "
	promptWrap = "· "
)

// rowPrompts is the prompt of every display row of text wrapped at width
// cells, as the textarea lays it out: promptLine on the first row of each
// hard line, promptWrap on its soft-wrapped rows.
func rowPrompts(text string, width int) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		out = append(out, promptLine)
		for range softRows(line, width) - 1 {
			out = append(out, promptWrap)
		}
	}
	return out
}

// softRows is how many rows the textarea wraps one hard line onto at width
// cells. It follows textarea's word wrap (unexported there): words move
// to the next row whole, a word wider than the row is broken, and the row
// that the line's end fills exactly gets one more row for the cursor.
func softRows(line string, width int) int {
	rows, row, word, spaces := 1, 0, 0, 0 // row and word are widths in cells
	for _, r := range line {
		w := ansi.StringWidth(string(r))
		if unicode.IsSpace(r) {
			spaces++
		} else {
			word += w
		}
		if spaces > 0 {
			if row+word+spaces > width {
				rows++
				row = 0
			}
			row += word + spaces
			word, spaces = 0, 0
		} else if word+w > width {
			if row > 0 {
				rows++
			}
			row, word = word, 0
		}
	}
	if row+word+spaces >= width {
		rows++
	}
	return rows
}
