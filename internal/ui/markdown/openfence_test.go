package markdown

import (
	"fmt"
	"strings"
	"testing"
)

// longFence is a document with a code fence of n lines in lang (blank
// lines and wrapping lines included), text before and after.
func longFence(lang string, n int) string {
	var b strings.Builder
	b.WriteString("Intro with **bold**.\n\n```" + lang + "\n")
	for i := range n {
		switch {
		case i%7 == 3:
			b.WriteString("\n")
		case i%11 == 5:
			fmt.Fprintf(&b, "x%d = \"a long string literal that wraps past the width of the transcript column %d\"\n", i, i)
		default:
			fmt.Fprintf(&b, "    value_%d = compute(%d) + other_%d\n", i, i, i)
		}
	}
	b.WriteString("```\n\nAfter the fence.\n")
	return b.String()
}

// streamEveryUpdate streams doc into a new Stream at every line end and
// at bytes between, and fails at the first update that differs, byte for
// byte, from a full render of the same text; at each update it calls
// check (when not nil) with the stream and the text.
func streamEveryUpdate(t *testing.T, r *Renderer, doc string, check func(s *Stream, text string)) *Stream {
	t.Helper()
	s := NewStream(r)
	for i := 1; i <= len(doc); i++ {
		if doc[i-1] != '\n' && i%13 != 0 && (i == len(doc) || doc[i] != '\n') {
			continue // every line end, the byte before it, and bytes between
		}
		text := doc[:i]
		if got, want := s.Update(text), r.Render(text); got != want {
			t.Fatalf("after %d bytes (%q): stream differs from full render %s", i, text[max(0, i-40):], firstDiff(got, want))
		}
		if check != nil {
			check(s, text)
		}
	}
	if s.Final(doc) != r.Render(doc) {
		t.Error("Final differs from Render")
	}
	return s
}

// TestOpenFenceShowsTheFullRenderAtEveryUpdate streams long fences: while
// a fence is open its complete lines are frozen as they come, and every
// update is byte-identical to a full render, colours included.
func TestOpenFenceShowsTheFullRenderAtEveryUpdate(t *testing.T) {
	for _, lang := range []string{"python", "go", ""} {
		t.Run(lang, func(t *testing.T) {
			frozen := 0
			streamEveryUpdate(t, testRenderer(t, 50), longFence(lang, 40), func(s *Stream, _ string) {
				frozen = max(frozen, s.fence.frozen)
			})
			if frozen == 0 {
				t.Error("the open fence was never frozen")
			}
		})
	}
}

// TestOpenFenceMultiLineConstructs: a block comment or a long string that
// spans many updates keeps its colours while it grows (no line inside it
// is frozen on its own: the live part restarts from the line before it),
// and freezing resumes after it ends; a fence that closes, and fences in
// other languages after it, render as a full render at every update.
func TestOpenFenceMultiLineConstructs(t *testing.T) {
	body := func(open, line, close string, n int) string {
		var b strings.Builder
		b.WriteString("x = 1\n" + open + "\n")
		for i := range n {
			fmt.Fprintf(&b, line+"\n", i)
		}
		b.WriteString(close + "\ny = 2\nz = 3\nw = 4\n")
		return b.String()
	}
	for _, tc := range []struct{ name, doc, open, close string }{
		{"go block comment", "Intro.\n\n```go\n" + body("/* a comment", "   line %d of it, x := 1 // not code", "*/", 12) + "```\n\nAfter.\n", "/* a comment", "*/\n"},
		{"python docstring", "Intro.\n\n```python\n" + body(`s = """start`, "    text %d: def f(): return 'x'", `"""`, 12) + "```\n", `s = """`, "\"\"\"\n"},
		{"javascript template string", "```js\n" + body("const t = `start", "  row %d ${x} // not a comment", "`;", 10) + "```\n", "const t", "`;\n"},
		{"language switch", "```python\n" + body(`s = """a`, "%d", `"""`, 3) + "```\n```go\n" + body("/*", "%d", "*/", 10) + "```\n\n```json\n{\n  \"a\": 1,\n  \"b\": [2, 3]\n}\n```\n", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opened, closed := strings.Index(tc.doc, tc.open), strings.Index(tc.doc, tc.close)+len(tc.close)
			resumed := false
			streamEveryUpdate(t, testRenderer(t, 60), tc.doc, func(s *Stream, text string) {
				if tc.open == "" || s.fence.head == "" {
					return
				}
				frozenTo := len(s.raw) + s.fence.frozen
				if len(text) < closed && frozenTo > opened {
					t.Fatalf("after %d bytes: frozen up to %d, inside the construct opened at %d", len(text), frozenTo, opened)
				}
				resumed = resumed || frozenTo > closed
			})
			if tc.open != "" && !resumed {
				t.Error("freezing did not resume after the construct")
			}
		})
	}
}
