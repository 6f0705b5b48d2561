package markdown

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fitTables narrows the tables in glamour's output to their content.
// Glamour gives every table the full wrap width, spreading the columns
// evenly: at 200 columns a two-column table of short words spanned 168. A
// table is found by its header rule (─ with ┼ where the columns meet), and
// extends up and down over the lines that have │ at every one of those
// columns. In each column, the blank cells that every row has on its left
// and on its right (beyond one cell of margin) are cut, so alignment is
// kept; styles are kept, as ansi.Cut keeps escape sequences (cells.cut
// cuts the same, parsing each line once).
func fitTables(out string) string {
	if !strings.Contains(out, "┼") {
		return out
	}
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		start, seps, end, ok := headerRule(ansi.Strip(lines[i]))
		if !ok {
			continue
		}
		first, last := i, i
		for first > 0 && hasSeparators(ansi.Strip(lines[first-1]), seps) {
			first--
		}
		for last+1 < len(lines) && hasSeparators(ansi.Strip(lines[last+1]), seps) {
			last++
		}
		narrow(lines[first:last+1], start, seps, end)
		i = last
	}
	return strings.Join(lines, "\n")
}

// headerRule reports whether plain is a table's header rule, "───┼───┼───"
// after indentation, and returns the cell where the table starts, the cells
// of the column separators and the cell after the table's end.
func headerRule(plain string) (start int, seps []int, end int, ok bool) {
	trimmed := strings.TrimRight(plain, " ")
	body := strings.TrimLeft(trimmed, " ")
	start = len(trimmed) - len(body) // spaces: one byte, one cell each
	end = start
	for _, r := range body {
		switch r {
		case '─':
		case '┼':
			seps = append(seps, end)
		default:
			return 0, nil, 0, false
		}
		end++
	}
	return start, seps, end, len(seps) > 0 && end > seps[len(seps)-1]+1
}

// hasSeparators reports whether plain has │ (or ┼) at every cell in seps.
func hasSeparators(plain string, seps []int) bool {
	cells := []rune(plain)
	for _, c := range seps {
		if c >= len(cells) || (cells[c] != '│' && cells[c] != '┼') {
			return false
		}
	}
	return true
}

// narrow cuts, in place, the blank cells every line of one table has in a
// column, keeping one cell of margin on each side.
func narrow(lines []string, start int, seps []int, end int) {
	plain := make([][]rune, len(lines))
	for i, l := range lines {
		p := ansi.Strip(l)
		if ansi.StringWidth(p) != len([]rune(p)) {
			return // wide or zero-width characters: runes are not cells, leave it as drawn
		}
		plain[i] = []rune(p)
	}
	bounds := append(append([]int{start - 1}, seps...), end)
	type cut struct{ from, to int } // cells kept in a column: [from, to)
	cuts := make([]cut, len(bounds)-1)
	for c := range cuts {
		lo, hi := bounds[c]+1, bounds[c+1]
		left, right := hi-lo, hi-lo // the blank cells every row has
		for _, p := range plain {
			cell := p[min(lo, len(p)):min(hi, len(p))]
			if isRule(cell) {
				continue
			}
			text := strings.TrimSpace(string(cell))
			if text == "" {
				continue
			}
			l := len(cell) - len([]rune(strings.TrimLeft(string(cell), " ")))
			r := len(cell) - len([]rune(strings.TrimRight(string(cell), " ")))
			left, right = min(left, l), min(right, r)
		}
		if left == hi-lo { // an empty column: keep a margin each side
			left, right = 1, max(hi-lo-2, 0)
		}
		cuts[c] = cut{from: lo + max(left-1, 0), to: hi - max(right-1, 0)}
	}
	for i, l := range lines {
		cs := parseCells(l)
		var b strings.Builder
		b.Grow(len(l))
		cs.cut(&b, 0, start)
		for c, k := range cuts {
			cs.cut(&b, k.from, k.to)
			if c < len(seps) {
				cs.cut(&b, seps[c], seps[c]+1)
			}
		}
		cs.cut(&b, end, len(plain[i]))
		lines[i] = b.String()
	}
}

// isRule reports whether cell is part of the header rule.
func isRule(cell []rune) bool {
	return len(cell) > 0 && strings.Trim(string(cell), "─") == ""
}
