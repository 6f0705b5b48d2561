package markdown

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/termsafe"
)

// fenceChunk is how many complete lines of an open code fence are frozen at
// a time: the live render of an open fence covers at most about this many
// lines, however long the fence grows.
const fenceChunk = 8

// openFence is the code fence the unfinished tail starts with while it is
// still open. Its complete lines are highlighted in chunks once and kept;
// each update renders only the lines after the last chunk (as a fence of
// their own, with the same opening line). A fence's lines wrap and
// highlight one by one, so the result shows the same text, laid out the
// same, as a full render; only a multi-line construct cut by a chunk (a
// block comment, a long string) may take other colours until the fence
// closes, when the whole block is rendered again (and Final renders the
// whole message).
type openFence struct {
	head    string // the opening line with its newline ("```go\n")
	run     string // the fence run that closes it
	prefix  int    // rows a render of the fence puts before its first code line
	frozen  int    // bytes of the tail up to the end of the last frozen chunk
	checked int    // bytes of the tail known not to close the fence
	out     string // the rendering of the frozen chunks
	unfit   bool   // the tail cannot be chunked (not a top-level fence)
}

// fenceTail renders tail when it is a top-level code fence that is still
// open, reusing the frozen chunks; ok is false otherwise (render the tail
// whole).
func (s *Stream) fenceTail(tail string) (out string, ok bool) {
	f := &s.fence
	if f.unfit || f.head == "" && !s.startFence(tail) || !f.stillOpen(tail) {
		return "", false
	}
	s.freeze(tail)
	if f.out == "" {
		return "", false
	}
	return f.out + dropRows(s.renderFence(tail[f.frozen:]), f.prefix), true
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

// freeze renders and keeps chunks of fenceChunk complete lines while more
// than a chunk of complete lines follows the frozen ones. A chunk neither
// ends on a blank line nor is followed by one: glamour drops blank lines at
// the edges of a fence.
func (s *Stream) freeze(tail string) {
	f := &s.fence
	for {
		lines := strings.SplitAfter(tail[f.frozen:f.checked], "\n")
		lines = lines[:len(lines)-1] // the empty string after the last newline
		end := fenceChunk
		for end < len(lines)-1 && (isBlank(lines[end-1]) || isBlank(lines[end])) {
			end++
		}
		if end >= len(lines) || isBlank(lines[end-1]) || isBlank(lines[end]) {
			return
		}
		n := 0
		for _, l := range lines[:end] {
			n += len(l)
		}
		out := s.renderFence(tail[f.frozen : f.frozen+n])
		out = out[:strings.LastIndexByte(out, '\n')+1]
		if f.out != "" {
			out = dropRows(out, f.prefix)
		}
		f.out += out
		f.frozen += n
	}
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
