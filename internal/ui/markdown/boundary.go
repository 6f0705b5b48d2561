package markdown

import "strings"

// scanner finds safe block boundaries in markdown source, line by line: a
// blank line outside fenced code and raw HTML blocks, after which the next
// line starts a new top-level block that cannot join the previous one (not
// indented, not a list item after a list, not a definition). Rendering the
// text before and after such a boundary separately gives the same output as
// rendering it whole.
type scanner struct {
	fence string // closing fence run ("```", "~~~~") while inside one
	// itemFence is the indentation of the fence's opening line when it
	// opened indented inside a list item (0 otherwise).
	itemFence int
	htmlClose string // closing marker while inside a raw HTML block
	inList    bool   // the current top-level block is a list
	blank     bool   // the previous line was blank
	start     bool   // no block seen yet
	// refDef is set once a line outside code looks like a link reference
	// definition: those change links anywhere in the document, so the
	// stream stops splitting it.
	refDef bool
	// tangled is set once a line less indented than a list item's fence
	// comes inside it: the line may end the item, and the fence with it,
	// or stay in the fence, which only the item's own indentation tells;
	// the scanner does not follow it, so the stream stops splitting.
	tangled bool
}

// newScanner returns a scanner positioned at the start of a document or
// just after a boundary.
func newScanner() scanner { return scanner{start: true} }

// line feeds one complete line (without its newline) and reports whether a
// boundary lies just before it.
func (s *scanner) line(l string) bool {
	if s.fence != "" {
		if s.itemFence > 0 && !isBlank(l) && len(l)-len(strings.TrimLeft(l, " ")) < s.itemFence {
			s.tangled = true
		}
		if isFenceClose(l, s.fence) {
			s.fence = ""
		}
		return false
	}
	if s.htmlClose != "" {
		if strings.Contains(l, s.htmlClose) {
			s.htmlClose = ""
		}
		return false
	}
	if isBlank(l) {
		s.blank = true
		return false
	}
	s.refDef = s.refDef || isRefDefinition(l)
	cut := s.blank && !s.start && startsTopLevel(l, s.inList)
	// A list item may also interrupt a paragraph; any other line starting
	// a block ends the list.
	if isListItem(l) {
		s.inList = true
	} else if (s.blank || s.start) && !startsContinuation(l) {
		s.inList = false
	}
	s.blank, s.start = false, false
	if f := fenceOpen(l); f != "" {
		s.fence, s.itemFence = f, 0
		if s.inList {
			s.itemFence = len(l) - len(strings.TrimLeft(l, " "))
		}
	} else if c := htmlBlockClose(l); c != "" && !strings.Contains(l[strings.Index(l, "<")+1:], c) {
		s.htmlClose = c
	}
	return cut
}

// startsTopLevel reports whether l, after a blank line, begins a block that
// cannot continue the previous one.
func startsTopLevel(l string, inList bool) bool {
	if startsContinuation(l) {
		return false
	}
	return !(inList && isListItem(l))
}

// startsContinuation reports lines that may continue a list item or start
// indented code (leading space or tab) or a definition (":").
func startsContinuation(l string) bool {
	return l[0] == ' ' || l[0] == '\t' || l[0] == ':'
}

// isBlank reports a line of only spaces and tabs, before a CR that ends
// it (termsafe.Text drops that one and shows any other as a symbol).
func isBlank(l string) bool {
	return strings.Trim(strings.TrimSuffix(l, "\r"), " \t") == ""
}

// isListItem reports a line starting with a bullet (-, +, *) or ordered
// (1. or 1)) list marker followed by a space, tab or end of line.
func isListItem(l string) bool {
	l = strings.TrimLeft(l, " ")
	if l == "" {
		return false
	}
	i := 0
	switch l[0] {
	case '-', '+', '*':
		i = 1
	default:
		for i < len(l) && i < 9 && l[i] >= '0' && l[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(l) || (l[i] != '.' && l[i] != ')') {
			return false
		}
		i++
	}
	return i == len(l) || l[i] == ' ' || l[i] == '\t'
}

// fenceOpen returns the fence run of a code fence opening line (up to three
// spaces, then ``` or ~~~ or longer), or "".
func fenceOpen(l string) string {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// isFenceClose reports whether l closes a fence opened with run.
func isFenceClose(l, run string) bool {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || !strings.HasPrefix(t, run) {
		return false
	}
	return strings.Trim(strings.TrimSuffix(t, "\r"), " \t"+run[:1]) == ""
}

// htmlBlocks are the raw HTML blocks that may contain blank lines (CommonMark
// types 1–5), by opening prefix and closing marker.
var htmlBlocks = [][2]string{
	{"<!--", "-->"}, {"<?", "?>"}, {"<![CDATA[", "]]>"},
	{"<pre", "</pre>"}, {"<script", "</script>"}, {"<style", "</style>"}, {"<textarea", "</textarea>"},
	{"<!", ">"},
}

// htmlBlockClose returns the closing marker when l opens such a block.
func htmlBlockClose(l string) string {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || !strings.HasPrefix(t, "<") {
		return ""
	}
	lower := strings.ToLower(t)
	for _, b := range htmlBlocks {
		if strings.HasPrefix(lower, b[0]) {
			return b[1]
		}
	}
	return ""
}

// isRefDefinition reports a line that may be a link reference definition
// ("[label]: url"), which changes how links anywhere else in the document
// render.
func isRefDefinition(l string) bool {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || !strings.HasPrefix(t, "[") {
		return false
	}
	return strings.Contains(t, "]:")
}
