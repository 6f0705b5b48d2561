package termsafe

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/glamour/v2"
)

// hostileSeeds are markdown documents that try every known way to smuggle
// an escape sequence through the renderer.
var hostileSeeds = []string{
	"# Title\n\nplain *em* **strong** `code`\n",
	"\x1b[2J\x1b[H cleared",
	"\x1b]0;title\x07 \x1b]2;title\x1b\\",
	"\x1b]52;c;cm0gLXJmIH4=\x07",
	"[click](javascript:alert(1)) [f](file:///etc/passwd) [ok](https://example.com)",
	"\x1b]8;;javascript:alert(1)\x1b\\x\x1b]8;;\x1b\\",
	"\u009b2J \x9b2J \u009d0;t\u009c",
	"\x1bP1$r0m\x1b\\ DCS",
	"abc\u202edcba\u202c \u2066x\u2069",
	"&#27;[2J &#x1b;]0;t&#7; &#X1B;[31m &#00027;[H &#155;2J &#x9b;",
	"`&#27;[2J` and ``&#x1b;]0;title&#x07;``",
	"```\n&#27;[2J\n\x1b[31mred\n```\n",
	"<span>&#27;[2J</span>\n\n<div>&#x1b;]0;t&#7;</div>\n",
	"| a | b |\n|---|---|\n| &#27;[2J | \x1b[31m |\n",
	"- item &#27;\n  - nested \x1b]0;x\x07\n> quote &#x1b;[2J\n",
	"[&#27;[2J](https://a.b/&#27;) ![img](http://x/&#x1b;.png)",
	"&lrm;&rlm;&shy &#8238; &#4294967323;",
	"\xff\xfe invalid \xc3",
	"[パ](https://例え.jp/パス) ![x](aaaa://0/&#X1CX00)",
}

// checkGlamourInput asserts what step 1 promises: glamour renders Text's
// output without emitting any sequence but SGR and its own OSC 8 links.
// Glamour's word wrapper can cut its own links whose URL has non-ASCII
// bytes (x/ansi ends an OSC at a 0x9C byte inside "␜"), so an OSC 8 token
// counts as glamour's even when cut, and so does a stray BEL (the
// terminator of a cut link; a BEL from the input is shown as ␇). Output
// drops such fragments.
func checkGlamourInput(rendered string) error {
	var state byte
	for s := rendered; len(s) > 0; {
		seq, n, newState := nextToken(s, state)
		state = newState
		s = s[n:]
		if strings.HasPrefix(seq, "\x1b]8;") || seq == "\a" {
			continue
		}
		kind := classify(seq)
		if kind == seqDrop {
			return fmt.Errorf("glamour emitted %q", seq)
		}
		if kind == seqText {
			if err := verifyToken(seq); err != nil {
				return err
			}
		}
	}
	return nil
}

func FuzzRenderedOutput(f *testing.F) {
	for _, s := range hostileSeeds {
		f.Add(s)
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle("dark"), glamour.WithWordWrap(60))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		rendered, err := r.Render(Text(in))
		if err != nil {
			return // glamour refuses some input; nothing reaches the screen.
		}
		if err := checkGlamourInput(rendered); err != nil {
			t.Fatalf("input %q: %v", in, err)
		}
		out := Output(rendered)
		if err := Verify(out); err != nil {
			t.Fatalf("input %q: output %q: %v", in, out, err)
		}
		if Output(out) != out {
			t.Fatalf("input %q: Output is not idempotent", in)
		}
	})
}
