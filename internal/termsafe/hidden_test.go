package termsafe

import "testing"

func TestShowHidden(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "hello › world", "hello › world"},
		{"bidi override", "abc\u202Edef", "abc\uFFFDdef"},
		{"zero-width space and isolate", "a\u200Bb\u2067c", "a\uFFFDb\uFFFDc"},
		{"C1 CSI", "x\u009B2Jy", "x\uFFFD2Jy"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
		{"styling kept", "\x1b[1mab\u202Ec\x1b[0m", "\x1b[1mab\uFFFDc\x1b[0m"},
		{"emoji joiners kept", "👩\u200D💻", "👩\u200D💻"},
	}
	for _, tt := range tests {
		if got := ShowHidden(tt.in); got != tt.want {
			t.Errorf("%s: ShowHidden(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
