package markdown

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/termsafe"
)

// TestStreamEqualsFullRenderAtEveryUpdate checks the strongest property:
// for every prefix the stream sees, its output is byte-identical to a full
// render of that prefix.
func TestStreamEqualsFullRenderAtEveryUpdate(t *testing.T) {
	doc := mixedDoc(4 * 1024)
	for _, width := range []int{40, 100} {
		r := testRenderer(t, width)
		s := NewStream(r)
		for i, text := range chunks(doc, 160) {
			got := s.Update(text)
			if want := r.Render(text); got != want {
				t.Fatalf("width %d, update %d (%d bytes): stream differs from full render %s\ntext tail: %q",
					width, i, len(text), firstDiff(got, want), text[max(0, len(text)-200):])
			}
		}
		if len(s.raw) < len(doc)/2 {
			t.Errorf("width %d: stable prefix is only %d of %d bytes; the stream barely caches", width, len(s.raw), len(doc))
		}
	}
}

// streamCases are documents whose every prefix must stream exactly like a
// full render.
var streamCases = []struct {
	name string
	doc  string
	// fenceInCode: the document shows ``` inside a code block.
	fenceInCode bool
}{
	{"fence across many updates", "Intro paragraph.\n\n```python\ndef f():\n\n    return 1\n\n\n# still code\n```\n\nAfter the fence.\n", false},
	{"tilde fence with backticks inside", "A\n\n~~~~\n```\nnot a fence end\n```\n\n~~~~\n\nB\n", true},
	{"unclosed fence", "Text\n\n```\ncode that never closes\n\nmore code\n", false},
	{"table", "Before.\n\n| a | b |\n|---|---|\n| 1 | **2** |\n| 3 | 4 |\n\nAfter.\n", false},
	{"loose list", "- one\n\n- two\n\n  para in two\n\n- three\n\nDone.\n", false},
	{"ordered loose list", "1. one\n\n2. two\n\n10. ten\n\nEnd.\n", false},
	{"nested list with code", "- item\n\n  ```\n  code\n\n  more\n  ```\n\n- next\n\nOut.\n", false},
	{"block quotes", "> one\n>\n> two\n\n> separate quote\n\nplain\n", false},
	{"html comment with blank lines", "A\n\n<!-- comment\n\nstill comment -->\n\nB **bold**\n", false},
	{"definition list", "Term\n\n: definition\n\nNext para.\n", false},
	{"headings", "# One\n\ntext\n\n## Two\n\n### Three\n\ntext\n", false},
	{"setext after blank", "para\n\nTitle\n=====\n\nafter\n", false},
	{"indented code", "para\n\n    code\n\n    more code\n\nafter\n", false},
	{"crlf", "one\r\n\r\ntwo **b**\r\n\r\n- a\r\n- b\r\n\r\nthree\r\n", false},
	{"hostile", "x &#27;]0;pwn&#7;\n\n\x1b[2J `&#x1b;[31m`\n\n[j](javascript:alert(1)) \u202e\n\nend\n", false},
}

func TestStreamCases(t *testing.T) {
	for _, tt := range streamCases {
		t.Run(tt.name, func(t *testing.T) {
			r := testRenderer(t, 50)
			s := NewStream(r)
			for i := 1; i <= len(tt.doc); i++ {
				text := tt.doc[:i]
				got := s.Update(text)
				if want := r.Render(text); got != want {
					t.Fatalf("after %d bytes: stream differs from full render %s", i, firstDiff(got, want))
				}
				if err := termsafe.Verify(got); err != nil {
					t.Fatalf("after %d bytes: %v", i, err)
				}
			}
			final := s.Final(tt.doc)
			if final != r.Render(tt.doc) {
				t.Error("Final differs from Render")
			}
			plain := ansi.Strip(final)
			if strings.Contains(plain, "**") || !tt.fenceInCode && strings.Contains(plain, "```") {
				t.Errorf("unrendered markdown left: %q", plain)
			}
		})
	}
}

func TestStreamFallsBack(t *testing.T) {
	r := testRenderer(t, 60)

	// Link reference definitions change earlier links: full renders only.
	s := NewStream(r)
	doc := "See [the docs][d].\n\nMore text.\n\n[d]: https://example.com\n\nTail.\n"
	for i := 1; i <= len(doc); i++ {
		if got, want := s.Update(doc[:i]), r.Render(doc[:i]); got != want {
			t.Fatalf("after %d bytes: stream differs from full render", i)
		}
	}
	if !s.naive {
		t.Error("a reference definition did not switch the stream to full renders")
	}

	// An edit inside the tail (a long open fence, then a shorter or
	// different tail after the same stable prefix) forgets the tail's
	// state; so does Final of an edited text.
	fence := "Intro.\n\n```go\n" + strings.Repeat("x := 1 // a line of code\n", 30)
	for _, edit := range []string{"Intro.\n\n```go\ny := 2\n", "Intro.\n\nShort."} {
		s = NewStream(r)
		for i := 1; i <= len(fence); i++ {
			s.Update(fence[:i])
		}
		if got, want := s.Update(edit), r.Render(edit); got != want {
			t.Errorf("after an edit in the tail to %q: differs %s", edit, firstDiff(got, want))
		}
		s.Update(fence)
		if got, want := s.Final(edit), r.Render(edit); got != want {
			t.Errorf("Final of the edited %q: differs %s", edit, firstDiff(got, want))
		}
	}

	// An edit (the text no longer extends what was seen) restarts.
	s = NewStream(r)
	s.Update("First paragraph.\n\nSecond paragraph.\n\nThird")
	edited := "Rewritten paragraph.\n\nSecond"
	if got, want := s.Update(edited), r.Render(edited); got != want {
		t.Errorf("after an edit: got %q, want %q", got, want)
	}
}

func TestCache(t *testing.T) {
	c := NewCache(testStyle())
	if c.Renderer(40) != c.Renderer(40) || c.Renderer(40) == c.Renderer(41) {
		t.Fatal("one renderer per width expected")
	}
	if c.Renderer(0) == nil || c.Renderer(0).Width() != 1 {
		t.Error("width below 1 is not clamped")
	}
	text := "Hello **there**\n\n- a\n- b\n\nbye"
	var got string
	for i := 1; i <= len(text); i++ {
		got = c.Stream("m1", 40, text[:i])
		c.Stream("m1/reasoning", 40, "thinking "+text[:i])
	}
	if got != c.Render(40, text) {
		t.Error("cached stream differs from a full render")
	}
	if c.Streams() != 2 {
		t.Errorf("Streams() = %d, want 2", c.Streams())
	}
	// A width change restarts the stream at the new width.
	if got := c.Stream("m1", 30, text); got != c.Render(30, text) {
		t.Error("stream after a resize differs from a full render")
	}
	if got := c.Final("m1", 30, text+" end"); got != c.Render(30, text+" end") {
		t.Error("Final of a stream differs from a full render")
	}
	if got := c.Final("m1", 30, text); got != c.Render(30, text) {
		t.Error("Final without a stream differs from a full render")
	}
	c.Stream("m1", 40, text)
	if got := c.Final("m1", 30, text); got != c.Render(30, text) {
		t.Error("Final at another width than the stream differs from a full render")
	}
	c.Finish("m1/reasoning")
	if c.Streams() != 0 {
		t.Errorf("Streams() = %d after Finish, want 0", c.Streams())
	}
	for w := 10; w < 30; w++ {
		c.Renderer(w)
	}
	if len(c.renderers) > maxRenderers {
		t.Errorf("%d renderers kept, want at most %d", len(c.renderers), maxRenderers)
	}
}

func TestRenderSanitises(t *testing.T) {
	r := testRenderer(t, 60)
	out := r.Render("# T\n\n`&#27;]0;title&#7;` \x1b[2J &#x1b;]52;c;eA==&#7; [x](javascript:alert(1)) [ok](https://example.com)\n")
	if err := termsafe.Verify(out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\x1b]8;") || !strings.Contains(out, "https://example.com") {
		t.Errorf("the https link lost its hyperlink: %q", out)
	}
	if strings.Contains(out, ";javascript:") {
		t.Errorf("javascript: target kept as a hyperlink: %q", out)
	}
	if !strings.Contains(ansi.Strip(out), "␛]0;title␇") {
		t.Errorf("neutralised reference not shown visibly: %q", ansi.Strip(out))
	}
}

// lastLines returns the last n lines of s without styling, for failure
// messages.
// firstDiff shows where two renderings part, for failure messages.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return "at byte " + strconv.Itoa(i) + ":\n  got  " + strconv.Quote(a[from:min(len(a), i+80)]) + "\n  want " + strconv.Quote(b[from:min(len(b), i+80)])
}

func lastLines(s string, n int) string {
	lines := strings.Split(ansi.Strip(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// containsPlain reports whether the visible text of s contains sub.
func containsPlain(s, sub string) bool {
	return strings.Contains(ansi.Strip(s), sub)
}

func TestStreamNarrow(t *testing.T) {
	doc := "# Title\n\nSome **bold** words here.\n\n- a\n- b\n\n```\ncode\n```\n\nEnd.\n"
	for _, width := range []int{1, 2, 3, 5, 8} {
		r := testRenderer(t, width)
		s := NewStream(r)
		for i := 1; i <= len(doc); i++ {
			if got, want := s.Update(doc[:i]), r.Render(doc[:i]); got != want {
				t.Fatalf("width %d, after %d bytes: %s", width, i, firstDiff(got, want))
			}
		}
	}
}

// TestStreamAtRedrawPaceEqualsFullRender: updates as the transcript draws
// them, many updates' worth of text apart, so one update closes a fence
// whose lines were frozen and finishes the blocks after it: every update
// still equals a full render.
func TestStreamAtRedrawPaceEqualsFullRender(t *testing.T) {
	for _, doc := range []string{gatewaysim.BenchAnswer(4 << 10), mixedDoc(4 << 10)} {
		for _, step := range []int{7, redrawEvery, 29} {
			r := testRenderer(t, 100)
			s := NewStream(r)
			updates := chunks(doc, 330)
			for i := step - 1; i < len(updates); i += step {
				if got, want := s.Update(updates[i]), r.Render(updates[i]); got != want {
					t.Fatalf("step %d, update %d: stream differs from full render %s", step, i, firstDiff(got, want))
				}
			}
			if got, want := s.Final(doc), r.Render(doc); got != want {
				t.Fatalf("step %d: final differs from full render %s", step, firstDiff(got, want))
			}
		}
	}
}
