package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
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

// TestOpenFenceChunksShowTheFullRender streams long fences line by line
// and at bytes between: while the fence is open the
// stream shows exactly the text and layout of a full render (colours may
// differ only inside multi-line constructs cut by a chunk), and from the
// update that closes the fence on, and at Final, it is byte-identical.
func TestOpenFenceChunksShowTheFullRender(t *testing.T) {
	for _, lang := range []string{"python", "go", ""} {
		t.Run(lang, func(t *testing.T) {
			doc := longFence(lang, 40)
			closeAt := strings.LastIndex(doc, "```\n") + 4
			r := testRenderer(t, 50)
			s := NewStream(r)
			chunked := false
			for i := 1; i <= len(doc); i++ {
				if doc[i-1] != '\n' && i%13 != 0 && i != closeAt-1 {
					continue // every line end, and bytes between
				}
				text := doc[:i]
				got, want := s.Update(text), r.Render(text)
				chunked = chunked || s.fence.out != ""
				if i >= closeAt {
					if got != want {
						t.Fatalf("after %d bytes (fence closed): stream differs from full render %s", i, firstDiff(got, want))
					}
					continue
				}
				if ansi.Strip(got) != ansi.Strip(want) {
					t.Fatalf("after %d bytes: open fence shows other text than a full render %s", i, firstDiff(ansi.Strip(got), ansi.Strip(want)))
				}
			}
			if !chunked {
				t.Error("the open fence was never chunked")
			}
			if s.Final(doc) != r.Render(doc) {
				t.Error("Final differs from Render")
			}
		})
	}
}
