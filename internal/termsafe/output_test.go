package termsafe

import "testing"

func TestOutput(t *testing.T) {
	const (
		link  = "\x1b]8;id=1;https://example.com/a?b=c;d\x1b\\"
		close = "\x1b]8;;\x1b\\"
	)
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello\n\tworld", "hello\n\tworld"},
		{"sgr kept", "\x1b[1;38;2;1;2;3mbold\x1b[0m\x1b[m", "\x1b[1;38;2;1;2;3mbold\x1b[0m\x1b[m"},
		{"sgr subparams kept", "\x1b[4:3mx\x1b[m", "\x1b[4:3mx\x1b[m"},
		{"csi 2J dropped", "a\x1b[2Jb", "ab"},
		{"cursor moves dropped", "\x1b[H\x1b[10;10H\x1b[?25l\x1b[?1049hx", "x"},
		{"private sgr-like dropped", "\x1b[>4;1mx", "x"},
		{"intermediate dropped", "\x1b[1 qx", "x"},
		{"osc 0 title dropped", "\x1b]0;pwned\x07x", "x"},
		{"osc 2 title st dropped", "\x1b]2;pwned\x1b\\x", "x"},
		{"osc 52 dropped", "\x1b]52;c;cm0gLXJmIH4=\x07x", "x"},
		{"osc 9 and 777 dropped", "\x1b]9;hi\x07\x1b]777;notify;a;b\x07x", "x"},
		{"osc 8 https kept", link + "text" + close, link + "text" + close},
		{"osc 8 bel normalised", "\x1b]8;;http://a.b/\x07t\x1b]8;;\x07", "\x1b]8;;http://a.b/\x1b\\t" + close},
		{"osc 8 mailto kept", "\x1b]8;;MAILTO:a@b.c\x1b\\m" + close, "\x1b]8;;MAILTO:a@b.c\x1b\\m" + close},
		{"osc 8 javascript dropped", "\x1b]8;;javascript:alert(1)\x1b\\x" + close, "x"},
		{"osc 8 file dropped", "\x1b]8;;file:///etc/passwd\x1b\\x" + close, "x"},
		{"osc 8 replaced link closed once", "\x1b]8;;https://a.b\x1b\\\x1b]8;;https://c.d\x1b\\x" + close + close, "\x1b]8;;https://a.b\x1b\\\x1b]8;;https://c.d\x1b\\x" + close},
		{"osc 8 no scheme dropped", "\x1b]8;;example.com\x1b\\x", "x"},
		{"osc 8 space in uri dropped", "\x1b]8;;https://a b\x1b\\x", "x"},
		{"osc 8 non-ascii uri encoded", "\x1b]8;;https://a.b/é\x1b\\x", "\x1b]8;;https://a.b/%C3%A9\x1b\\x" + close},
		{"osc 8 uri with 0x9c byte", "\x1b]8;;https://a.b/パ␜\ax" + close, "\x1b]8;;https://a.b/%E3%83%91%E2%90%9C\x1b\\x" + close},
		{"osc 8 control in uri dropped", "\x1b]8;;https://a.b/\n\x1b\\x", "x"},
		{"dcs with 0x9c byte dropped whole", "\x1bP␜\x1b\\x", "x"},
		{"osc cancelled by can", "\x1b]0;t\x18x", "x"},
		{"osc 8 odd params stripped", "\x1b]8;foo=bar:id=7;https://a.b\x1b\\x", "\x1b]8;id=7;https://a.b\x1b\\x" + close},
		{"osc 8 unclosed closed", "\x1b]8;;https://a.b\x1b\\x", "\x1b]8;;https://a.b\x1b\\x" + close},
		{"osc unterminated dropped", "x\x1b]8;;https://a.b", "x"},
		{"dcs dropped", "\x1bP1$r0m\x1b\\x", "x"},
		{"apc pm sos dropped", "\x1b_a\x1b\\\x1b^b\x1b\\\x1bXc\x1b\\x", "x"},
		{"esc single dropped", "\x1b7\x1bc\x1b(0x", "x"},
		{"lone esc dropped", "x\x1b", "x"},
		{"c0 dropped", "a\x00\x07\x08\rb", "ab"},
		{"del dropped", "a\x7fb", "ab"},
		{"8-bit csi dropped", "a\x9b2Jb", "ab"},
		{"8-bit osc dropped", "a\x9d0;t\x07b", "ab"},
		{"c1 rune replaced", "a\u009bb", "a\uFFFDb"},
		{"bidi replaced", "a\u202eb", "a\uFFFDb"},
		{"invalid utf8 replaced", "a\xffb", "a\uFFFDb"},
		{"wide and emoji kept", "世界 👩‍💻", "世界 👩‍💻"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Output(tt.in)
			if got != tt.want {
				t.Errorf("Output(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if err := Verify(got); err != nil {
				t.Errorf("Verify(Output(%q)): %v", tt.in, err)
			}
			if again := Output(got); again != got {
				t.Errorf("Output is not idempotent: %q then %q", got, again)
			}
		})
	}
}

func TestVerify(t *testing.T) {
	bad := []string{
		"\x1b[2J", "\x1b]0;t\x07", "\x1b]52;c;eA==\x07", "\x1b]8;;javascript:x\x1b\\",
		"\x1b]8;;file:///\x1b\\", "\x9b2J", "\u009b", "\u202e", "\x1bP\x1b\\", "\r", "\x00",
		"\xff", "a\x1b", "\x1b]8;;https://a.b",
	}
	for _, s := range bad {
		if Verify(s) == nil {
			t.Errorf("Verify(%q) = nil, want an error", s)
		}
	}
	good := []string{"", "plain\n\ttext", "\x1b[31mred\x1b[0m", "\x1b]8;;https://a.b\x1b\\a\x1b]8;;\x1b\\", "␛[2J"}
	for _, s := range good {
		if err := Verify(s); err != nil {
			t.Errorf("Verify(%q) = %v, want nil", s, err)
		}
	}
}
