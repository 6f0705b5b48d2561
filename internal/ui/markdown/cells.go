package markdown

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/parser"
)

// cells is one styled line parsed once into its escape sequences, control
// bytes and grapheme clusters, each with the cells before and after it,
// so that many cuts of the line (a table's columns) cost no parse each.
// cut(a, b) returns what ansi.Cut(line, a, b) does, which walks the line
// twice per call; they differ only where a CAN or SUB byte aborts an
// escape sequence, which glamour's output of sanitised text never has
// (and termsafe.Output filters the result either way).
type cells struct {
	line string
	toks []cellToken
}

// cellToken is line[start:stop]: an escape-sequence byte (kept by every
// cut), a control byte (from == to: kept with the cell before it) or a
// cluster occupying cells [from, to).
type cellToken struct {
	start, stop int
	from, to    int
	escape      bool
}

// parseCells walks line as ansi.Truncate does: the same parser table and
// the same grapheme clusters.
func parseCells(line string) cells {
	c := cells{line: line, toks: make([]cellToken, 0, len(line))}
	state, width := parser.GroundState, 0
	for i := 0; i < len(line); {
		next, action := parser.Table.Transition(state, line[i])
		if next == parser.Utf8State {
			cluster, w := ansi.FirstGraphemeCluster(line[i:], ansi.GraphemeWidth)
			c.toks = append(c.toks, cellToken{start: i, stop: i + len(cluster), from: width, to: width + w})
			i += len(cluster)
			width += w
			state = parser.GroundState
			continue
		}
		t := cellToken{start: i, stop: i + 1, from: width, to: width}
		switch action {
		case parser.PrintAction:
			t.to++
			width++
		case parser.ExecuteAction:
		default:
			t.escape = true
		}
		c.toks = append(c.toks, t)
		state = next
		i++
	}
	return c
}

// cut writes to b the line's cells [a, b) and all its escape sequences,
// as ansi.Cut(line, a, right) returns them: a cluster is kept when it ends
// inside (a, right], a control byte when the cells before it do (from the
// line's start when a is 0).
func (c cells) cut(b *strings.Builder, a, right int) {
	if right <= a {
		return
	}
	for _, t := range c.toks {
		if t.escape || (a == 0 || t.to > a) && t.to <= right {
			b.WriteString(c.line[t.start:t.stop])
		}
	}
}
