package headless

import (
	"slices"
	"testing"
)

func TestParseShellCommand(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		words []string
		shell []string
	}{
		{"git status", []string{"git", "status"}, nil},
		{"  git\tstatus  --short ", []string{"git", "status", "--short"}, nil},
		{`git commit -m 'a; b' -m "c | d"`, []string{"git", "commit", "-m", "a; b", "-m", "c | d"}, nil},
		{`rm -rf './build dir' ''`, []string{"rm", "-rf", "./build dir", ""}, nil},
		{`echo a\ b \*`, []string{"echo", "a b", "*"}, nil},
		{"git log HEAD~3", []string{"git", "log", "HEAD~3"}, nil},
		{"a=1", []string{"a=1"}, []string{synAssign}},
		{"git --x=a=b", []string{"git", "--x=a=b"}, nil},
		{"a;b", []string{"a", ";", "b"}, []string{synSeparator}},
		{"a&&b||c&d", []string{"a", "&&", "b", "||", "c", "&", "d"}, []string{synSeparator}},
		{"a|b", []string{"a", "|", "b"}, []string{synPipe}},
		{"a 2>&1 >x <y", []string{"a", "2", ">&", "1", ">", "x", "<", "y"}, []string{synRedirect}},
		{"a\nb", []string{"a", ";", "b"}, []string{synSeparator}},
		{"a 'x\ny'", []string{"a", "x\ny"}, []string{synSeparator}},
		{"(a)", []string{"(", "a", ")"}, []string{synSubshell}},
		{"a $(b)", []string{"a", "$", "(", "b", ")"}, []string{synSubst, synSubshell}},
		{"a `b`", []string{"a", "`b`"}, []string{synSubst}},
		{`a "$(b)"`, []string{"a", "$(b)"}, []string{synSubst}},
		{`a "$HOME" '$HOME'`, []string{"a", "$HOME", "$HOME"}, []string{synVariable}},
		{"a ${x}", []string{"a", "${x}"}, []string{synVariable, synBrace}},
		{"a $", []string{"a", "$"}, nil},
		{"rm *", []string{"rm", "*"}, []string{synGlob}},
		{"rm '*'", []string{"rm", "*"}, nil},
		{"rm ~ --dir=~/x", []string{"rm", "~", "--dir=~/x"}, []string{synTilde}},
		{"a #b", []string{"a", "#b"}, []string{synComment}},
		{"a b#c", []string{"a", "b#c"}, nil},
		{"a {b,c}", []string{"a", "{b,c}"}, []string{synBrace}},
		{"a 'b", []string{"a", "b"}, []string{synQuote}},
		{`a "b`, []string{"a", "b"}, []string{synQuote}},
		{"a \x1b[2K", []string{"a", "\x1b[2K"}, []string{synControl, synGlob}},
	} {
		got := parseShellCommand(tc.cmd)
		if !slices.Equal(got.Words, tc.words) || !slices.Equal(got.Shell, tc.shell) {
			t.Errorf("%q: words %q shell %q, want %q %q", tc.cmd, got.Words, got.Shell, tc.words, tc.shell)
		}
	}
}

func TestMatchWordsIsLinear(t *testing.T) {
	words := make([]string, 5000)
	for i := range words {
		words[i] = "x"
	}
	pol, _ := wordPatterns([]any{"x", "**", "**", "**", "**", "y"})
	if matchWords(pol[0].globs, words) {
		t.Fatal("matched")
	}
}
