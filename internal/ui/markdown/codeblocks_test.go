package markdown

import (
	"slices"
	"testing"
)

func TestCodeBlocks(t *testing.T) {
	src := "Intro\n```go\nfmt.Println(1)\n\nx := 2\n```\ntext\n  ~~~\n  indented\n   more\n  ~~~\n```sh\nopen to the end"
	want := []string{"fmt.Println(1)\n\nx := 2", "indented\n more", "open to the end"}
	if got := CodeBlocks(src); !slices.Equal(got, want) {
		t.Fatalf("CodeBlocks = %q, want %q", got, want)
	}
	if got := CodeBlocks("no code `here`"); len(got) != 0 {
		t.Fatalf("inline code counted: %q", got)
	}
}
