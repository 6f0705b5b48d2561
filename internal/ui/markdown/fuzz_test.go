package markdown

import (
	"testing"

	"github.com/hermes/iris/internal/termsafe"
)

// FuzzStream feeds a document to a Stream in growing prefixes and checks
// that every update is terminal-safe and that the update with the whole
// text equals a full render.
func FuzzStream(f *testing.F) {
	for _, s := range []string{
		mixedDoc(1024),
		"- a\n\n- b\n\n  c\n\nd\n",
		"```\nx\n\ny\n```\n\nz",
		"> q\n\n| a |\n|---|\n| 1 |\n\n&#27;[2J\n\n[r]: http://x\n",
	} {
		f.Add(s, uint8(7))
	}
	for _, c := range streamCases {
		f.Add(c.doc, uint8(3))
	}
	// An open fence of blank lines only: no line can be frozen in it.
	f.Add("```\n\n\n\n\n\n\n\n\n\n", uint8(2))
	// A list item's fence that a dedented fence line ends (the item ends,
	// a top-level fence opens).
	f.Add("*\n  ```\n```\n\n0\n", uint8(0))
	// A line of a CR and a space is not blank: the CR shows as a symbol.
	f.Add("0000\n\r \n0\n", uint8(3))
	r := testRenderer(f, 40)
	f.Fuzz(func(t *testing.T, doc string, step uint8) {
		s := NewStream(r)
		n := int(step)%64 + 1
		for i := n; i < len(doc); i += n {
			if err := termsafe.Verify(s.Update(doc[:i])); err != nil {
				t.Fatalf("update %d of %q: %v", i, doc, err)
			}
		}
		if got, want := s.Update(doc), r.Render(doc); got != want {
			t.Fatalf("stream of %q (step %d) differs from full render %s", doc, n, firstDiff(got, want))
		}
	})
}
