package markdown

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/themes"
)

// tableLines renders text at width and returns the stripped lines drawn
// with a column separator.
func tableLines(t *testing.T, width int, text string) []string {
	t.Helper()
	r, err := New(width, themes.GlamourStyle(themes.New(themes.Options{Name: themes.Dark})))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(ansi.Strip(r.Render(text)), "\n") {
		if strings.ContainsAny(l, "│┼") {
			rows = append(rows, strings.TrimRight(l, " "))
		}
	}
	return rows
}

func TestTablesAreAsWideAsTheirContent(t *testing.T) {
	const text = "Before.\n\n| Name | Age | City |\n| --- | ---: | :---: |\n| Kini | 40 | New York |\n| Eli **bold** | 3 | Rome |\n\nAfter.\n"
	got := tableLines(t, 176, text)
	want := []string{
		" Name     │ Age │   City   ",
		"──────────┼─────┼──────────",
		" Kini     │  40 │ New York ",
		" Eli bold │   3 │   Rome   ",
	}
	if strings.Join(got, "\n") != strings.Join(trimAll(want), "\n") {
		t.Fatalf("table at width 176:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The same table at a width it just fits is drawn the same.
	if narrow := tableLines(t, 40, text); strings.Join(narrow, "\n") != strings.Join(got, "\n") {
		t.Fatalf("at width 40:\n%s", strings.Join(narrow, "\n"))
	}
}

func TestTablesWiderThanTheScreenStayWrapped(t *testing.T) {
	long := strings.Repeat("word ", 30)
	text := "| a | b |\n| --- | --- |\n| " + long + " | " + long + " |\n"
	for _, l := range tableLines(t, 60, text) {
		if w := ansi.StringWidth(l); w > 60 {
			t.Fatalf("a line of width %d at 60: %q", w, l)
		}
	}
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " ")
	}
	return out
}

// A table streamed in growing prefixes ends as the full render draws it.
func TestStreamedTableEqualsTheFullRender(t *testing.T) {
	r := testRenderer(t, 120)
	doc := "Intro.\n\n| Step | Took | Result |\n| --- | ---: | :---: |\n| build | 41s | ok |\n| test | 2m 3s | 2 failed |\n\nThen:\n\n- a list\n\n  | x | y |\n  |---|---|\n  | 1 | 2 |\n"
	s := NewStream(r)
	for i := 1; i < len(doc); i += 5 {
		s.Update(doc[:i])
	}
	if got, want := s.Update(doc), r.Render(doc); got != want {
		t.Fatalf("stream differs from the full render %s", firstDiff(got, want))
	}
	for _, l := range strings.Split(ansi.Strip(r.Render(doc)), "\n") {
		if strings.Contains(l, "┼") && ansi.StringWidth(strings.TrimSpace(l)) > 30 {
			t.Fatalf("a table %d wide at 120: %q", ansi.StringWidth(l), l)
		}
	}
}
