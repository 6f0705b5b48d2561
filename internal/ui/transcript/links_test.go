package transcript

import "testing"

func TestLinkify(t *testing.T) {
	cases := map[string]string{
		"see https://example.com/docs.": "see \x1b]8;;https://example.com/docs\x1b\\https://example.com/docs\x1b]8;;\x1b\\.",
		"(https://x.org/a)":             "(\x1b]8;;https://x.org/a\x1b\\https://x.org/a\x1b]8;;\x1b\\)",
		"no links here":                 "no links here",
		"https://":                      "https://",
	}
	for in, want := range cases {
		if got := linkify(in); got != want {
			t.Errorf("linkify(%q) = %q, want %q", in, got, want)
		}
	}
}
