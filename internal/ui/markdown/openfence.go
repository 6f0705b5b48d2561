package markdown

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// openFence is the code fence the unfinished tail starts with while it is
// still open. Its complete lines are highlighted once, as they complete,
// and kept; each update renders only the lines after the last frozen one
// (as a fence of its own, with the same opening line). A fence's lines
// wrap one by one, and the lexers in use highlight line by line except
// inside multi-line constructs (block comments, long strings): a line is
// frozen only at a cut where the lexer is back in its initial state
// (safeCut), so an update shows the same text, laid out and coloured the
// same, as a full render. Inside a long construct the live part grows
// from the last safe line until the construct ends.
type openFence struct {
	head    string       // the opening line with its newline ("```go\n")
	run     string       // the fence run that closes it
	lexer   chroma.Lexer // the fence language's lexer; nil for plain text
	prefix  int          // rows a render of the fence puts before its first code line
	frozen  int          // bytes of the tail up to the end of the last frozen line
	checked int          // bytes of the tail known not to close the fence
	tried   int          // checked when a cut was last tried
	out     string       // the rendering of the frozen lines
	ctx     string       // the last frozen piece (from the cut before it)
	ctxRows int          // rows ctx renders to, after the fence's prefix rows
	unfit   bool         // the tail cannot be cut (not a top-level fence)
}

// fenceTail renders tail when it is a top-level code fence that is still
// open: the frozen lines' rendering, kept, and the rest's; ok is false
// otherwise (render the tail whole).
func (s *Stream) fenceTail(tail string) (frozen, live string, ok bool) {
	f := &s.fence
	if f.unfit || f.head == "" && !s.startFence(tail) || !f.stillOpen(tail) {
		return "", "", false
	}
	s.freeze(tail)
	if f.out == "" {
		return "", "", false
	}
	return f.out, s.renderAfterFrozen(tail[f.frozen:]), true
}

// startFence records the fence tail opens with; false when it opens none.
func (s *Stream) startFence(tail string) bool {
	f := &s.fence
	nl := strings.IndexByte(tail, '\n')
	if nl < 0 {
		return false
	}
	run := fenceOpen(tail[:nl])
	if run == "" || tail[0] == ' ' {
		f.unfit = true
		return false
	}
	f.head, f.run, f.frozen, f.checked = tail[:nl+1], run, nl+1, nl+1
	f.lexer = fenceLexer(tail[:nl], run)
	rows := strings.Split(s.renderFence("a\n"), "\n")
	f.prefix = -1
	for i, r := range rows {
		if strings.TrimSpace(ansi.Strip(r)) == "a" {
			f.prefix = i
			break
		}
	}
	f.unfit = f.prefix < 0
	return !f.unfit
}

// stillOpen scans the lines not checked yet for the closing fence. A last
// line without its newline that may become the closing fence counts as
// closing (a full render already treats it as one).
func (f *openFence) stillOpen(tail string) bool {
	for {
		nl := strings.IndexByte(tail[f.checked:], '\n')
		if nl < 0 {
			break
		}
		if isFenceClose(tail[f.checked:f.checked+nl], f.run) {
			return false
		}
		f.checked += nl + 1
	}
	last := strings.TrimLeft(tail[f.checked:], " ")
	return last == "" || last[0] != f.run[0]
}

// freeze renders and keeps the complete lines up to the last cut that
// safeCut allows, once per line completed. A cut has a complete,
// non-blank line on either side: glamour drops blank lines at the edges of
// a fence.
func (s *Stream) freeze(tail string) {
	f := &s.fence
	if f.tried == f.checked {
		return
	}
	f.tried = f.checked
	region := tail[f.frozen:f.checked]
	cut := lastCut(region)
	if cut <= 0 || !f.safeCut(region, cut) {
		return
	}
	chunk := region[:cut]
	var out string
	if f.out == "" {
		out = s.renderFence(chunk) // the first rows stay: the fence starts here
	} else {
		out = s.renderAfterFrozen(chunk)
	}
	out = out[:strings.LastIndexByte(out, '\n')+1]
	f.ctxRows = strings.Count(out, "\n")
	if f.out == "" {
		f.ctxRows -= f.prefix
	}
	f.out += out
	f.ctx = chunk
	f.frozen += cut
}

// renderAfterFrozen renders body, the lines that follow the frozen ones,
// as they show in the whole fence. The last frozen piece is rendered
// again before them and its rows dropped: a line's first row carries the
// colour of the line break before it, which a piece rendered alone lacks.
func (s *Stream) renderAfterFrozen(body string) string {
	f := &s.fence
	return dropRows(s.renderFence(f.ctx+body), f.prefix+f.ctxRows)
}

// lastCut returns the start of the last line of region (complete lines)
// that follows a line and where neither it nor that line is blank, or 0.
func lastCut(region string) int {
	end := len(region)
	for end > 0 {
		start := strings.LastIndexByte(region[:end-1], '\n') + 1
		if start == 0 {
			return 0
		}
		prev := strings.LastIndexByte(region[:start-1], '\n') + 1
		if !isBlank(region[start:end-1]) && !isBlank(region[prev:start-1]) {
			return start
		}
		end = start
	}
	return 0
}

// renderFence renders body lines as the open fence's own block, where the
// tail's rendering would put it.
func (s *Stream) renderFence(body string) string {
	return s.renderPiece(termsafe.Text(s.fence.head + body))
}

// dropRows removes the first n rows of s.
func dropRows(s string, n int) string {
	for ; n > 0; n-- {
		_, rest, ok := strings.Cut(s, "\n")
		if !ok {
			return ""
		}
		s = rest
	}
	return s
}
