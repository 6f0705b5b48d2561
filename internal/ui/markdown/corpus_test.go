package markdown

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/glamour/v2/ansi"

	"github.com/hermes/iris/internal/themes"
)

// mixedDoc builds a deterministic answer of at least size bytes with
// headings, paragraphs with inline markup, tight and loose lists, nested
// lists, code fences with blank lines, tables, block quotes and rules.
func mixedDoc(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		switch i % 8 {
		case 0:
			fmt.Fprintf(&b, "## Section %d\n\nThis paragraph has **bold %d**, *emphasis*, `code %d` and a [link](https://example.com/%d). It wraps over the width of the transcript because it goes on for a while longer than one line.\n\n", i, i, i, i)
		case 1:
			fmt.Fprintf(&b, "- first item %d\n- second item with **bold**\n  continued on an indented line\n- third item\n  - nested a\n  - nested b\n\n", i)
		case 2:
			fmt.Fprintf(&b, "```go\nfunc f%d() int {\n\tx := %d\n\n\t// a blank line above, inside the fence\n\treturn x * 2\n}\n```\n\n", i, i)
		case 3:
			fmt.Fprintf(&b, "| name | value | note |\n|------|------:|------|\n| a%d | %d | first |\n| b%d | %d | second **bold** |\n| c | 3 | `code` |\n\n", i, i, i, i*2)
		case 4:
			fmt.Fprintf(&b, "1. step one %d\n\n2. step two, a loose list\n\n   with a second paragraph\n\n3. step three\n\n", i)
		case 5:
			fmt.Fprintf(&b, "> A quote %d with *style*\n> on two lines\n\nAfter the quote, plain text ~~struck~~ and more.\n\n", i)
		case 6:
			fmt.Fprintf(&b, "### Small heading %d\n\n---\n\nText after a rule.\n\n", i)
		case 7:
			fmt.Fprintf(&b, "~~~\nplain fence %d\n\n~~~\n\nShort closing line %d.\n\n", i, i)
		}
	}
	return b.String()
}

// chunks splits s into n growing prefixes of roughly equal steps.
func chunks(s string, n int) []string {
	out := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		out = append(out, s[:len(s)*i/n])
	}
	return out
}

func testRenderer(t testing.TB, width int) *Renderer {
	t.Helper()
	r, err := New(width, themes.GlamourStyle(themes.New(themes.Options{Name: themes.Dark})))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func testStyle() ansi.StyleConfig {
	return themes.GlamourStyle(themes.New(themes.Options{Name: themes.Light}))
}
