package termsafe

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello\nworld", "hello\nworld"},
		{"tab at line start", "hello\n\tworld", "hello\n    world"},
		{"tab stops", "ab\tc\n\t\td", "ab  c\n        d"},
		{"tab after crlf and wide text", "x\r\n\ty\n世\tz", "x\n    y\n世   z"},
		{"empty", "", ""},
		{"unicode kept", "héllo 世界 👩‍💻 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "héllo 世界 👩‍💻 🏴󠁧󠁢󠁳󠁣󠁴󠁿"},
		{"crlf", "a\r\nb", "a\nb"},
		{"lone cr", "a\rb", "a␍b"},
		{"raw esc csi 2J", "x\x1b[2Jy", "x␛[2Jy"},
		{"kitty image placeholder", "a\U0010EEEE\u0305b", "a\uFFFD\u0305b"},
		{"osc 0 title", "\x1b]0;pwned\x07", "␛]0;pwned␇"},
		{"osc 2 title st", "\x1b]2;pwned\x1b\\", "␛]2;pwned␛\\"},
		{"osc 52 clipboard", "\x1b]52;c;cm0gLXJmIH4=\x07", "␛]52;c;cm0gLXJmIH4=␇"},
		{"osc 8 javascript", "\x1b]8;;javascript:alert(1)\x1b\\x\x1b]8;;\x1b\\", "␛]8;;javascript:alert(1)␛\\x␛]8;;␛\\"},
		{"dcs", "\x1bP1$r\x1b\\", "␛P1$r␛\\"},
		{"nul and bell", "a\x00b\x07", "a␀b␇"},
		{"del", "a\x7fb", "a␡b"},
		{"c1 csi", "a\u009b2Jb", "a\uFFFD2Jb"},
		{"c1 osc and nel", "\u009d0;x\u009c\u0085", "\uFFFD0;x\uFFFD\uFFFD"},
		{"bidi override", "abc\u202edcba\u202c", "abc\uFFFDdcba\uFFFD"},
		{"bidi isolates and marks", "\u2066\u2067\u2068\u2069\u200e\u200f\u061c", strings.Repeat("\uFFFD", 7)},
		{"bom and zero width space", "\ufeffa\u200bb", "\uFFFDa\uFFFDb"},
		{"line separators", "a\u2028b\u2029c", "a\nb\nc"},
		{"invalid utf8", "a\xffb\xc3", "a\uFFFDb\uFFFD"},
		{"raw c1 byte", "a\x9b2Jb", "a\uFFFD2Jb"},
		{"ref decimal", "a&#27;[2J", "a␛[2J"},
		{"ref hex lower", "&#x1b;[2J", "␛[2J"},
		{"ref hex upper", "&#X1B;[2J", "␛[2J"},
		{"ref hex upper digits", "&#x1B;", "␛"},
		{"ref zero padded", "&#00000027;&#x00001b;", "␛␛"},
		{"ref no semicolon", "&#27[2J", "␛[2J"},
		{"ref c1 decimal", "&#155;2J", "\uFFFD2J"},
		{"ref c1 hex", "&#x9b;&#x9D;", "\uFFFD\uFFFD"},
		{"ref bel and cr", "&#7;&#13;", "␇␍"},
		{"ref del", "&#127;", "␡"},
		{"ref bidi", "&#8238;&#x202E;&#x2066;", "\uFFFD\uFFFD\uFFFD"},
		{"ref named bidi", "&lrm;&rlm;x", "\uFFFD\uFFFDx"},
		{"ref named soft hyphen no semicolon", "&shyx", "\uFFFDx"},
		{"ref overflowing to esc", "&#4294967323;", "␛"},
		{"ref in code span", "`&#27;]0;t&#7;`", "`␛]0;t␇`"},
		{"ref harmless kept", "&amp; &lt; &#65; &#x41; &copy; &#10; &#9;", "&amp; &lt; &#65; &#x41; &copy; &#10; &#9;"},
		{"ref double escaped kept", "&amp;#27;", "&amp;#27;"},
		{"ref zwj kept", "&zwj;", "&zwj;"},
		{"lone ampersand", "a & b &# &#x &", "a & b &# &#x &"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := Text(Text(tt.in)); got != tt.want {
				t.Errorf("Text is not idempotent on %q: %q", tt.in, got)
			}
		})
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "general", "general"},
		{"newlines and tabs", "a\nb\tc\r\nd", "a b c d"},
		{"separators", "a\u2028b", "a b"},
		{"esc", "chan\x1b]0;x\x07", "chan␛]0;x␇"},
		{"bidi filename", "invoice\u202efdp.exe", "invoice\uFFFDfdp.exe"},
		{"ref", "&#x1b;[31mred", "␛[31mred"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.in); got != tt.want {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestNotify(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"short", "Approve?", 20, "Approve?"},
		{"trimmed", "  hi\n", 20, "hi"},
		{"cut", "abcdefghij", 5, "abcd…"},
		{"exact", "abcde", 5, "abcde"},
		{"cut multibyte", "ééééé", 3, "éé…"},
		{"zero", "abc", 0, ""},
		{"one", "abc", 1, "…"},
		{"hostile", "\x1b]0;x\x07\u202e", 100, "␛]0;x␇\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Notify(tt.in, tt.max); got != tt.want {
				t.Errorf("Notify(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
			}
		})
	}
}
