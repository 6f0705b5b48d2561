package markdown

import (
	"testing"

	"github.com/alecthomas/chroma/v2/lexers"
)

func TestNormaliseFences(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bare backticks", "```\ncode\n```\n", "```text\ncode\n```\n"},
		{"bare tildes indented", "  ~~~~\ncode\n  ~~~~", "  ~~~~text\ncode\n  ~~~~"},
		{"known kept as alias", "```go title=x\ncode\n```\n", "```go\ncode\n```\n"},
		{"extension resolved", "```py\nx\n```\n", "```python\nx\n```\n"},
		{"unknown becomes text", "```no-such-language-xyz\nx\n```\n", "```text\nx\n```\n"},
		{"inner fence untouched", "````\n```\nx\n```\n````\n", "````text\n```\nx\n```\n````\n"},
		{"four spaces is not a fence", "    ```\n    x\n", "    ```\n    x\n"},
		{"no fences", "a\n\nb", "a\n\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := normaliseFences(tt.in); got != tt.want {
				t.Errorf("normaliseFences(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestUnnamedCodeIsPlain(t *testing.T) {
	testRenderer(t, 40)
	l := lexers.Get("")
	if l == nil || l.Config().Name != "iris-unnamed-plain" {
		t.Fatalf("chroma resolves the empty language to %v, want the plain lexer", l)
	}
	r := testRenderer(t, 40)
	if out := r.Render("para\n\n    indented code\n"); !containsPlain(out, "indented code") {
		t.Errorf("indented code lost: %q", out)
	}
}
