package transcript

import "testing"

func TestTrimBlankLines(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"\n", ""},
		{"  \n\x1b[0m \n", ""},
		{"a", "a"},
		{"\n\na\n\n", "a"},
		{" \x1b[1m\x1b[0m\na\n\nb \n\x1b[0m  ", "a\n\nb "},
		{"a\n \nb", "a\n \nb"},
	} {
		if got := trimBlankLines(tt.in); got != tt.want {
			t.Errorf("trimBlankLines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
