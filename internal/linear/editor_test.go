package linear

import (
	"strings"
	"testing"
)

// term is a minimal terminal for the tests: text overwrites at the
// cursor, \b steps back, \r goes to the line's start, \n to the next line.
// Any escape byte fails the test: the editor must never write one.
func term(t *testing.T, out string) []string {
	t.Helper()
	lines := [][]rune{{}}
	row, col := 0, 0
	for _, r := range out {
		switch r {
		case 0x1b:
			t.Fatalf("an escape sequence was written: %q", out)
		case '\b':
			col = max(col-1, 0)
		case '\r':
			col = 0
		case '\n':
			row++
			if row == len(lines) {
				lines = append(lines, []rune{})
			}
		case '\a':
		default:
			for len(lines[row]) <= col {
				lines[row] = append(lines[row], ' ')
			}
			lines[row][col] = r
			col++
		}
	}
	var s []string
	for _, l := range lines {
		s = append(s, strings.TrimRight(string(l), " "))
	}
	return s
}

func newTestEditor() (*Editor, *strings.Builder) {
	var b strings.Builder
	e := NewEditor(&b, true, "> ")
	e.Prompt()
	return e, &b
}

func lastLine(t *testing.T, out string) string {
	s := term(t, out)
	return s[len(s)-1]
}

func TestEditorEmacsKeys(t *testing.T) {
	e, out := newTestEditor()
	e.Feed([]byte("hello world"))
	e.Feed([]byte{0x01})                     // ctrl+a
	e.Feed([]byte("say "))                   // insert at the start
	e.Feed([]byte{0x0b})                     // ctrl+k cuts "hello world"
	e.Feed([]byte("bye "))                   //
	e.Feed([]byte{0x19})                     // ctrl+y yanks it back
	e.Feed([]byte{0x17})                     // ctrl+w cuts "world"
	e.Feed([]byte{0x7f, 0x7f})               // backspace twice
	e.Feed([]byte{0x01})                     // ctrl+a
	e.Feed([]byte("\x1bf!"))                 // alt+f: after "say"
	e.Feed([]byte("\x1bb\x1b[D\x1b[C\x05?")) // alt+b, left, right, ctrl+e
	if got := e.Draft(); got != "say! bye hell?" {
		t.Fatalf("draft %q", got)
	}
	if got := lastLine(t, out.String()); got != "> say! bye hell?" {
		t.Fatalf("the line reads %q", got)
	}
	in := e.Feed([]byte("\r"))
	if len(in) != 1 || in[0].Kind != InputLine || in[0].Line != "say! bye hell?" {
		t.Fatalf("inputs %+v", in)
	}
}

func TestEditorHistory(t *testing.T) {
	e, out := newTestEditor()
	e.Feed([]byte("first\rsecond\rdraft"))
	e.Feed([]byte("\x1b[A")) // up: second
	e.Feed([]byte("\x1b[A")) // up: first
	if got := lastLine(t, out.String()); got != "> first" {
		t.Fatalf("up twice shows %q", got)
	}
	e.Feed([]byte("\x1bOB\x1bOB")) // down twice: the draft is back
	if e.Draft() != "draft" || lastLine(t, out.String()) != "> draft" {
		t.Fatalf("the draft did not come back: %q / %q", e.Draft(), lastLine(t, out.String()))
	}
}

// Output while typing goes above the input line, the draft stays, and
// nothing printed before is overwritten.
func TestEditorPrintKeepsDraft(t *testing.T) {
	e, out := newTestEditor()
	e.Print("Assistant: hi")
	e.Feed([]byte("half a thou"))
	e.Feed([]byte("\x1b[D\x1b[D")) // the cursor inside the draft
	e.Print("Notice: something", "Notice: more")
	e.Feed([]byte("X"))
	got := term(t, out.String())
	want := []string{"Assistant: hi", "> half a thou", "Notice: something", "Notice: more", "> half a thXou"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("screen:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e.Draft() != "half a thXou" {
		t.Fatalf("draft %q", e.Draft())
	}
}

func TestEditorCtrlCAndCtrlD(t *testing.T) {
	e, _ := newTestEditor()
	in := e.Feed([]byte("oops\x03\x04"))
	if len(in) != 2 || in[0].Kind != InputCancel || in[0].Line != "oops" || in[1].Kind != InputEnd {
		t.Fatalf("inputs %+v", in)
	}
}

// A sequence split across reads is decoded once whole; unknown ones type
// nothing.
func TestDecoderSplitAndUnknown(t *testing.T) {
	e, _ := newTestEditor()
	e.Feed([]byte("ab\x1b["))
	e.Feed([]byte("Dc\x1b[15~é"))
	if e.Draft() != "acéb" {
		t.Fatalf("draft %q", e.Draft())
	}
}

// Where the terminal echoes (not raw), the editor writes only the output
// and reads whole lines.
func TestEditorWithoutEcho(t *testing.T) {
	var b strings.Builder
	e := NewEditor(&b, false, "> ")
	e.Prompt()
	in := e.Feed([]byte("hello\n"))
	e.Print("Assistant: hi")
	if len(in) != 1 || in[0].Line != "hello" || b.String() != "Assistant: hi\n" {
		t.Fatalf("inputs %+v, output %q", in, b.String())
	}
}
