package composer

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/textarea"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

// The composer marks the rows of one typed line apart from the lines the
// user broke with a newline: "›" starts each hard line,
// "·" each row the textarea wrapped it onto.
func TestComposerMarksSoftWraps(t *testing.T) {
	m := New(common.NewForTest(time.Unix(0, 0)))
	m.SetSize(30, 0)
	m.SetValue("one two three four five six seven eight\nsecond\n\nfourth")
	var prompts []string
	for _, row := range strings.Split(ansi.Strip(m.View()), "\n") {
		row = strings.Trim(row, "│╭╮╰╯─ ")
		if row == "" {
			continue
		}
		p, _, _ := strings.Cut(row, " ")
		prompts = append(prompts, p)
	}
	want := []string{"›", "·", "›", "›", "›"}
	if strings.Join(prompts, " ") != strings.Join(want, " ") {
		t.Fatalf("row prompts %q, want %q:\n%s", prompts, want, ansi.Strip(m.View()))
	}
}

// softRows counts the rows exactly as the textarea wraps: checked against
// the textarea's own line info for words, long words, wide runes, trailing
// spaces and lines that fill the row exactly.
func TestSoftRowsMatchTextarea(t *testing.T) {
	lines := []string{
		"", "a", "hello world", strings.Repeat("x", 9), strings.Repeat("x", 10), strings.Repeat("x", 25),
		"ab cd ef gh ij kl mn op", "word   spaced   out  ", "日本語のテキストを折り返す", "mixed 日本 words and more words",
		"ends with space ", "a " + strings.Repeat("y", 30) + " b",
	}
	for _, width := range []int{5, 10, 13} {
		for _, line := range lines {
			ta := textarea.New()
			ta.ShowLineNumbers = false
			ta.Prompt = ""
			ta.CharLimit = 0
			ta.SetWidth(width)
			ta.SetValue(line)
			if got, want := softRows(line, width), ta.LineInfo().Height; got != want {
				t.Errorf("width %d, %q: %d rows, the textarea has %d", width, line, got, want)
			}
		}
	}
}
