package linear

import (
	"strings"
	"testing"
)

// reply is the simulator's markdown reply (gatewaysim composeReply).
const reply = "## Re: hello\n\nHere is what I found after checking\nthe workspace:\n\n" +
	"- The module builds **cleanly** with Go 1.26\n- `3` packages have tests\n  and all pass\n- Nothing else\n\n" +
	"```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\n" +
	"| check | result |\n| --- | --- |\n| build | ok |\n| tests | 12 passed |\n\n" +
	"See [the docs](https://example.com/d) and *this*.\n\n> quoted words\n\n1. first\n2. second\n\n---\nAnything else?"

var replyLines = []string{
	"Re: hello",
	"Here is what I found after checking the workspace:",
	"- The module builds cleanly with Go 1.26",
	"- 3 packages have tests and all pass",
	"- Nothing else",
	"code:",
	"func main() {",
	"\tfmt.Println(\"hi\")",
	"}",
	"end of code",
	"check: build, result: ok",
	"check: tests, result: 12 passed",
	"See the docs (https://example.com/d) and this.",
	"quote: quoted words",
	"1. first",
	"2. second",
	"Anything else?",
}

func TestPlainWholeReply(t *testing.T) {
	var p Plain
	got := p.Finish(reply)
	if strings.Join(got, "\n") != strings.Join(replyLines, "\n") {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(replyLines, "\n"))
	}
}

// Streamed a byte at a time (every prefix a stream can stop at), the
// lines come out in the same order and each exactly once: a line printed
// is never changed.
func TestPlainStreamingIsStable(t *testing.T) {
	for _, step := range []int{1, 2, 3, 7, 64} {
		var p Plain
		var got []string
		for n := step; n < len(reply); n += step {
			got = append(got, p.Feed(reply[:n])...)
			for i, l := range got {
				if l != replyLines[i] {
					t.Fatalf("step %d, at %d bytes: line %d is %q, want %q (a line printed must be final)", step, n, i, l, replyLines[i])
				}
			}
		}
		got = append(got, p.Finish(reply)...)
		if strings.Join(got, "\n") != strings.Join(replyLines, "\n") {
			t.Fatalf("step %d: got:\n%s", step, strings.Join(got, "\n"))
		}
	}
}

// A paragraph is held until it ends; a code line goes out when complete.
func TestPlainHoldsUnfinishedParagraph(t *testing.T) {
	var p Plain
	if got := p.Feed("first half of a\nsentence"); len(got) != 0 {
		t.Fatalf("an unfinished paragraph was printed: %q", got)
	}
	if got := p.Feed("first half of a\nsentence that ends.\n\n```\nx := 1\ny"); strings.Join(got, "|") != "first half of a sentence that ends.|code:|x := 1" {
		t.Fatalf("got %q", got)
	}
	if got := p.Finish("first half of a\nsentence that ends.\n\n```\nx := 1\ny"); strings.Join(got, "|") != "y|end of code" {
		t.Fatalf("an open fence must be closed at the end: %q", got)
	}
}

// A text the gateway replaced with a shorter one prints nothing again.
func TestPlainNeverReprints(t *testing.T) {
	var p Plain
	first := p.Feed("one\n\ntwo\n\n")
	if strings.Join(first, "|") != "one|two" {
		t.Fatalf("got %q", first)
	}
	if got := p.Finish("one\n"); len(got) != 0 {
		t.Fatalf("reprinted %q", got)
	}
}
