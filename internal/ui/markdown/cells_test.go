package markdown

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCellsCutAsAnsiCut: every cut of every line equals ansi.Cut's, on the
// lines of rendered tables (styles, links, wide and combining characters)
// and on lines with escapes and control bytes at the edges of cells.
func TestCellsCutAsAnsiCut(t *testing.T) {
	r := testRenderer(t, 60)
	var lines []string
	for _, doc := range []string{
		mixedDoc(4 << 10),
		"| name | wide | note |\n|---|:---:|---:|\n| **a** | 漢字 | [link](https://example.com/x) |\n| é | e\u0301 | 👩\u200d💻 🇺🇸 |\n| `code` | *it* | ~~gone~~ |\n",
	} {
		for _, l := range strings.Split(r.Render(doc), "\n") {
			if strings.ContainsAny(l, "│─") { // the lines narrow cuts
				lines = append(lines, l)
			}
		}
	}
	lines = append(lines,
		"\x1b[1m\x1b[31m│\x1b[m a\tb \x1b[4m漢\x1b[m\r│\x1b[m",
		"\x1b]8;id=1;https://e.x\x1b\\link\x1b]8;;\x1b\\ tail\x1b[m",
		"\x07lead\x1b[0m and trail\x1b[m\x07",
		"",
	)
	for _, l := range lines {
		cs := parseCells(l)
		w := ansi.StringWidth(l)
		for a := 0; a <= w+1; a++ {
			for b := a - 1; b <= w+2; b++ {
				var got strings.Builder
				cs.cut(&got, a, b)
				if want := ansi.Cut(l, a, b); got.String() != want {
					t.Fatalf("cut(%q, %d, %d) = %q, ansi.Cut = %q", l, a, b, got.String(), want)
				}
			}
		}
	}
}
