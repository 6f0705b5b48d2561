package linear

import (
	"io"
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
)

// Input is what the user did on the input line.
type Input struct {
	Kind InputKind
	Line string // the line typed, for InputLine
	// Started is the editor's key count (Keys) at the line's first key
	// since it was last empty: a line begun before a question was asked
	// is not an answer to it.
	Started int
}

// InputKind tells an Input apart.
type InputKind int

const (
	// InputLine is a line ended with Enter.
	InputLine InputKind = iota
	// InputCancel is Ctrl+C: the draft (Line) was dropped.
	InputCancel
	// InputEnd is Ctrl+D on an empty line.
	InputEnd
)

// Editor is the plain input line: the prompt and the draft, echoed as
// typed, with history on ↑/↓ and Emacs keys. It writes only text,
// backspace, carriage return and newline, never an escape sequence: a
// change inside the draft rewrites its tail and steps back with
// backspaces, and a line taken from history is printed on a new line.
// Output printed while the user types (Print) goes on a new line, and the
// prompt and the draft follow it again.
type Editor struct {
	w      io.Writer
	echo   bool   // the terminal does not echo: the editor does
	nl     string // "\r\n" on a raw terminal, "\n" elsewhere
	prompt string
	buf    []rune
	pos    int
	dec    decoder
	hist   []string
	hpos   int    // index into hist while browsing; len(hist) when not
	stash  string // the draft put aside while browsing history
	kill   string // the last text cut, for Ctrl+Y
	shown  bool   // the prompt is on the current line
	keys   int    // keys pressed so far
	start  int    // keys at the draft's first key since it was empty
}

// Keys is how many keys were pressed so far.
func (e *Editor) Keys() int { return e.keys }

// NewEditor writes to w; echo says the editor echoes (the terminal is in
// raw mode), else the terminal's own line discipline does.
func NewEditor(w io.Writer, echo bool, prompt string) *Editor {
	e := &Editor{w: w, echo: echo, nl: "\n", prompt: prompt}
	if echo {
		e.nl = "\r\n"
	}
	return e
}

// Draft is the text typed so far.
func (e *Editor) Draft() string { return string(e.buf) }

// Prompt shows the prompt and the draft when they are not on the current
// line.
func (e *Editor) Prompt() {
	if e.shown || !e.echo {
		return
	}
	e.write(e.prompt + string(e.buf) + e.back(len(e.buf)-e.pos))
	e.shown = true
}

// Print writes lines above the input line: a draft already typed stays,
// and is shown again after them.
func (e *Editor) Print(lines ...string) {
	if len(lines) == 0 {
		return
	}
	var b strings.Builder
	if e.shown {
		if len(e.buf) == 0 {
			b.WriteString("\r") // only the prompt is there: the line starts over it
			lines[0] = padTo(lines[0], runewidth.StringWidth(e.prompt))
		} else {
			b.WriteString(e.nl)
		}
	}
	for _, l := range lines {
		b.WriteString(l + e.nl)
	}
	e.shown = e.echo
	if e.echo { // in the same write: the input line is never missing in between
		b.WriteString(e.prompt + string(e.buf) + e.back(len(e.buf)-e.pos))
	}
	_, _ = io.WriteString(e.w, b.String())
}

// Bell rings the terminal.
func (e *Editor) Bell() { _, _ = io.WriteString(e.w, "\a") }

// Feed takes bytes typed and returns what the user did.
func (e *Editor) Feed(b []byte) []Input {
	var out []Input
	for _, k := range e.dec.keys(b) {
		if in, ok := e.key(k); ok {
			out = append(out, in)
		}
	}
	return out
}

// key applies one key press.
func (e *Editor) key(k key) (Input, bool) {
	e.keys++
	if len(e.buf) == 0 {
		e.start = e.keys
	}
	if k.r != 0 {
		e.insert([]rune{k.r})
		return Input{}, false
	}
	switch k.name {
	case "enter":
		line := string(e.buf)
		e.write(e.nl)
		e.shown = false
		if strings.TrimSpace(line) != "" && (len(e.hist) == 0 || e.hist[len(e.hist)-1] != line) {
			e.hist = append(e.hist, line)
		}
		e.buf, e.pos, e.hpos, e.stash = nil, 0, len(e.hist), ""
		return Input{Kind: InputLine, Line: line, Started: e.start}, true
	case "ctrl+c":
		dropped := string(e.buf)
		e.write("^C" + e.nl)
		e.shown = false
		e.buf, e.pos, e.hpos = nil, 0, len(e.hist)
		return Input{Kind: InputCancel, Line: dropped}, true
	case "ctrl+d":
		if len(e.buf) == 0 {
			e.write(e.nl)
			e.shown = false
			return Input{Kind: InputEnd}, true
		}
		e.deleteAt(e.pos, e.pos+1)
	case "backspace":
		e.deleteAt(e.pos-1, e.pos)
	case "delete":
		e.deleteAt(e.pos, e.pos+1)
	case "alt+backspace", "ctrl+w":
		e.cut(e.wordStart(), e.pos)
	case "alt+d":
		e.cut(e.pos, e.wordEnd())
	case "ctrl+k":
		e.cut(e.pos, len(e.buf))
	case "ctrl+u":
		e.cut(0, e.pos)
	case "ctrl+y":
		e.insert([]rune(e.kill))
	case "left", "ctrl+b":
		e.move(e.pos - 1)
	case "right", "ctrl+f":
		e.move(e.pos + 1)
	case "home", "ctrl+a":
		e.move(0)
	case "end", "ctrl+e":
		e.move(len(e.buf))
	case "alt+b":
		e.move(e.wordStart())
	case "alt+f":
		e.move(e.wordEnd())
	case "up":
		e.recall(e.hpos - 1)
	case "down":
		e.recall(e.hpos + 1)
	case "ctrl+l":
		e.reprint()
	}
	return Input{}, false
}

// insert types rs at the cursor.
func (e *Editor) insert(rs []rune) {
	tail := e.buf[e.pos:]
	e.buf = append(e.buf[:e.pos:e.pos], append(append([]rune(nil), rs...), tail...)...)
	e.pos += len(rs)
	e.write(string(rs) + string(e.buf[e.pos:]) + e.back(len(e.buf)-e.pos))
}

// deleteAt removes buf[from:to] (clamped) and shows the change.
func (e *Editor) deleteAt(from, to int) {
	from, to = max(from, 0), min(to, len(e.buf))
	if from >= to {
		return
	}
	gone := runewidth.StringWidth(string(e.buf[from:to]))
	e.move(from)
	e.buf = append(e.buf[:from], e.buf[to:]...)
	tail := string(e.buf[e.pos:])
	e.write(tail + strings.Repeat(" ", gone) + strings.Repeat("\b", runewidth.StringWidth(tail)+gone))
}

// cut is deleteAt that keeps the text for Ctrl+Y.
func (e *Editor) cut(from, to int) {
	if from < to {
		e.kill = string(e.buf[from:to])
	}
	e.deleteAt(from, to)
}

// move puts the cursor at rune i (clamped).
func (e *Editor) move(i int) {
	i = min(max(i, 0), len(e.buf))
	switch {
	case i < e.pos:
		e.write(strings.Repeat("\b", runewidth.StringWidth(string(e.buf[i:e.pos]))))
	case i > e.pos:
		e.write(string(e.buf[e.pos:i]))
	}
	e.pos = i
}

// wordStart is where the word before the cursor starts.
func (e *Editor) wordStart() int {
	i := e.pos
	for i > 0 && !isWord(e.buf[i-1]) {
		i--
	}
	for i > 0 && isWord(e.buf[i-1]) {
		i--
	}
	return i
}

// wordEnd is where the word after the cursor ends.
func (e *Editor) wordEnd() int {
	i := e.pos
	for i < len(e.buf) && !isWord(e.buf[i]) {
		i++
	}
	for i < len(e.buf) && isWord(e.buf[i]) {
		i++
	}
	return i
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// recall shows history entry i (len(hist): the draft put aside) on a new
// line.
func (e *Editor) recall(i int) {
	if i < 0 || i > len(e.hist) || i == e.hpos {
		return
	}
	if e.hpos == len(e.hist) {
		e.stash = string(e.buf)
	}
	e.hpos = i
	text := e.stash
	if i < len(e.hist) {
		text = e.hist[i]
	}
	e.buf = []rune(text)
	e.pos = len(e.buf)
	e.reprint()
}

// reprint shows the prompt and the draft again on a new line.
func (e *Editor) reprint() {
	if e.shown {
		e.write(e.nl)
	}
	e.shown = false
	e.Prompt()
}

// back is n runes of the draft's tail stepped back over.
func (e *Editor) back(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("\b", runewidth.StringWidth(string(e.buf[len(e.buf)-n:])))
}

// write writes s when the editor echoes.
func (e *Editor) write(s string) {
	if e.echo && s != "" {
		_, _ = io.WriteString(e.w, s)
	}
}

// padTo pads s with spaces to at least n columns (to cover the prompt).
func padTo(s string, n int) string {
	if w := runewidth.StringWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
