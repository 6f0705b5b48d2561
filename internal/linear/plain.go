package linear

import (
	"regexp"
	"strings"
)

// Plain turns a streamed markdown reply into plain lines for a listener:
// headings as lines, list items with "- ", code between "code:" and "end
// of code", tables as "column: value" lines. It emits a line only once it
// is stable (a paragraph when it ends, a list item when the next line
// starts, a code or table line when it is complete), so a line it
// returned is never changed or returned again. The zero value is ready.
type Plain struct {
	used    int      // bytes of the text taken (whole source lines)
	para    []string // the paragraph or list item being gathered
	item    bool     // para is a list item
	code    bool     // inside a code fence
	columns []string // the table's header cells; nil outside a table
}

var (
	heading  = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	bullet   = regexp.MustCompile(`^\s{0,3}[-*+]\s+(.*)$`)
	numbered = regexp.MustCompile(`^\s{0,3}(\d{1,9}[.)])\s+(.*)$`)
	fence    = regexp.MustCompile("^\\s{0,3}(```|~~~)")
	rule     = regexp.MustCompile(`^\s{0,3}([-*_])(\s*([-*_])){2,}\s*$`)
	divider  = regexp.MustCompile(`^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$`)
)

// Feed takes the whole text streamed so far and returns the lines that
// became stable. A text that no longer starts with what was taken (the
// gateway replaced it) goes on from the same length: what was printed
// stays printed.
func (p *Plain) Feed(text string) []string {
	var out []string
	for p.used < len(text) {
		nl := strings.IndexByte(text[p.used:], '\n')
		if nl < 0 {
			break
		}
		out = p.line(out, text[p.used:p.used+nl])
		p.used += nl + 1
	}
	return out
}

// Finish takes the final text and returns the lines not yet returned:
// the last line, however it ends, and whatever was still gathered.
func (p *Plain) Finish(text string) []string {
	out := p.Feed(text)
	if p.used < len(text) {
		out = p.line(out, text[p.used:])
		p.used = len(text)
	}
	out = p.flush(out)
	if p.code {
		p.code = false
		out = append(out, "end of code")
	}
	p.columns = nil
	return out
}

// line handles one whole source line.
func (p *Plain) line(out []string, s string) []string {
	s = strings.TrimRight(s, "\r")
	if p.code {
		if fence.MatchString(s) {
			p.code = false
			return append(out, "end of code")
		}
		return append(out, s)
	}
	if p.columns != nil {
		if row, ok := cells(s); ok && len(row) == 0 {
			return out // the divider under the header
		} else if ok {
			return append(out, tableRow(p.columns, row))
		}
		p.columns = nil
	}
	trimmed := strings.TrimSpace(s)
	switch {
	case trimmed == "":
		return p.flush(out)
	case fence.MatchString(s):
		out = p.flush(out)
		p.code = true
		return append(out, "code:")
	case heading.MatchString(trimmed):
		out = p.flush(out)
		return append(out, inline(heading.FindStringSubmatch(trimmed)[1]))
	case rule.MatchString(s):
		return p.flush(out)
	case bullet.MatchString(s):
		out = p.flush(out)
		p.para, p.item = []string{"- " + inline(bullet.FindStringSubmatch(s)[1])}, true
		return out
	case numbered.MatchString(s):
		out = p.flush(out)
		m := numbered.FindStringSubmatch(s)
		p.para, p.item = []string{m[1] + " " + inline(m[2])}, true
		return out
	case strings.HasPrefix(trimmed, "|"):
		if row, ok := cells(s); ok && len(p.para) == 0 {
			p.columns = row
			return out
		}
	case strings.HasPrefix(trimmed, ">"):
		out = p.flush(out)
		return append(out, "quote: "+inline(strings.TrimSpace(strings.TrimLeft(trimmed, "> "))))
	}
	if p.item && !strings.HasPrefix(s, " ") && !strings.HasPrefix(s, "\t") {
		out = p.flush(out) // a line that does not continue the item starts a paragraph
	}
	p.para = append(p.para, inline(trimmed))
	return out
}

// flush emits the paragraph or list item gathered so far.
func (p *Plain) flush(out []string) []string {
	if len(p.para) > 0 {
		out = append(out, strings.Join(p.para, " "))
	}
	p.para, p.item = nil, false
	return out
}

// cells splits a table row into its trimmed cells; a divider row (|---|)
// is not a row.
func cells(s string) ([]string, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "|") {
		return nil, false
	}
	if divider.MatchString(t) {
		return []string{}, true
	}
	t = strings.TrimSuffix(strings.TrimPrefix(t, "|"), "|")
	row := strings.Split(t, "|")
	for i := range row {
		row[i] = inline(strings.TrimSpace(row[i]))
	}
	return row, true
}

// tableRow reads a row as "column: value" pairs.
func tableRow(columns, row []string) string {
	var parts []string
	for i, v := range row {
		name := ""
		if i < len(columns) {
			name = columns[i]
		}
		if name == "" {
			parts = append(parts, v)
			continue
		}
		parts = append(parts, name+": "+v)
	}
	return strings.Join(parts, ", ")
}
