package markdown

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// TestFormatterEqualsTerminal16m: the cached formatter writes what
// chroma's terminal16m writes, byte for byte, for several lexers and
// styles, including entries that set nothing terminal16m prints (a reset
// still follows their tokens) and token types outside the standard set.
func TestFormatterEqualsTerminal16m(t *testing.T) {
	odd := chroma.MustNewStyle("iris-test-odd", chroma.StyleEntries{
		chroma.Background:    "bg:#101010",
		chroma.Keyword:       "bold underline #ff0000 bg:#00ff00",
		chroma.Comment:       "italic",
		chroma.NameFunction:  "border:#123456",
		chroma.LiteralString: "noinherit",
	})
	srcs := map[string]string{
		"go":     "package main\n\n// c\nfunc main() { s := \"x\\n\"; _ = 0x1f }\n/* block\ncomment */\n",
		"python": "def f(x):\n    \"\"\"doc\"\"\"\n    return x + 1  # c\n",
		"json":   "{\"a\": [1, true, null], \"b\": \"s\"}\n",
		"bash":   "for i in $(seq 3); do echo \"$i\"; done\n",
	}
	ours := formatters.Get(formatterName)
	for _, style := range []*chroma.Style{odd, styles.Get("monokai"), styles.Get("github"), styles.Fallback} {
		for lang, src := range srcs {
			var want, got strings.Builder
			it, err := chroma.Coalesce(lexers.Get(lang)).Tokenise(nil, src)
			if err != nil {
				t.Fatal(err)
			}
			tokens := it.Tokens()
			tokens = append(tokens, chroma.Token{Type: chroma.TokenType(987654), Value: "odd type"})
			if err := formatters.TTY16m.Format(&want, style, chroma.Literator(tokens...)); err != nil {
				t.Fatal(err)
			}
			for range 2 { // the second run uses the cached table
				got.Reset()
				if err := ours.Format(&got, style, chroma.Literator(tokens...)); err != nil {
					t.Fatal(err)
				}
				if got.String() != want.String() {
					t.Fatalf("%s in %s: got %q, want %q", lang, style.Name, got.String(), want.String())
				}
			}
		}
	}
}
