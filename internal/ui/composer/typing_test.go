package composer_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/composer"
)

// What the user types shows after the "›" prompt, and Enter sends it and
// empties the composer.
func TestTypingShowsTheDraftAndEnterSends(t *testing.T) {
	f := newFixture(t, 60)
	f.mustShow("› Message…  (enter send · alt+enter newline)")
	f.typeText("hello world")
	if got := f.inner(); len(got) != 1 || got[0] != "› hello world" {
		t.Fatalf("rows %q, want the one typed line", got)
	}
	if act := f.press(tea.KeyPressMsg{Code: tea.KeyEnter}); act != (common.ActionSend{Text: "hello world"}) {
		t.Fatalf("enter gave %#v", act)
	}
	f.mustNotShow("Message…", "hello world")
}

// Each line typed after Alt+Enter gets a row of its own; the composer
// grows up to MaxLines rows, then keeps its height and scrolls so the
// cursor's line stays in view.
func TestMultiLineGrowsThenScrolls(t *testing.T) {
	f := newFixture(t, 60)
	h := f.m.Height()
	for i := 1; i <= composer.MaxLines+3; i++ {
		if i > 1 {
			f.typeText("\n")
		}
		f.typeText("line " + string(rune('0'+i)))
		want := h + min(i, composer.MaxLines) - 1
		if f.m.Height() != want {
			t.Fatalf("with %d lines the composer is %d rows, want %d", i, f.m.Height(), want)
		}
		rows := f.inner() // view checks View has Height rows
		if last := rows[len(rows)-1]; last != "› line "+string(rune('0'+i)) {
			t.Fatalf("the last row is %q, want the line being typed:\n%s", last, strings.Join(rows, "\n"))
		}
	}
	if want := "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8"; f.m.Value() != want {
		t.Fatalf("draft %q", f.m.Value())
	}
}

// The empty composer says what Enter does while focused, and how to come
// back while the transcript has focus.
func TestPlaceholderFollowsFocus(t *testing.T) {
	f := newFixture(t, 80)
	f.mustShow("Message…  (enter send · alt+enter newline)")
	f.m.Blur()
	if f.m.Focused() {
		t.Fatal("still focused")
	}
	f.mustNotShow("› i or esc: back to typing", "Message…")
	f.m.Focus()
	f.mustNotShow("Message…  (enter send · alt+enter newline)", "back to typing")
}

// A recalled message (the root puts it in with SetValue) is a draft like
// any other: the cursor is at its end, so typing goes on from there, and
// every line shows.
func TestRecalledTextIsEditedAtItsEnd(t *testing.T) {
	f := newFixture(t, 60)
	f.m.SetValue("first line\nsecond line")
	f.typeText(", edited")
	if f.m.Value() != "first line\nsecond line, edited" {
		t.Fatalf("draft %q", f.m.Value())
	}
	if rows := f.inner(); strings.Join(rows, "|") != "› first line|› second line, edited" {
		t.Fatalf("rows %q", rows)
	}
	if act := f.press(tea.KeyPressMsg{Code: tea.KeyEnter}); act != (common.ActionSend{Text: "first line\nsecond line, edited"}) {
		t.Fatalf("enter gave %#v", act)
	}
}

// A narrower composer re-wraps the draft: rows stay exactly the width,
// wrapped rows are marked "·", and widening joins them again.
func TestWidthChangeRewraps(t *testing.T) {
	text := "the quick brown fox jumps over the lazy dog and runs on"
	f := newFixture(t, 80)
	f.m.SetValue(text)
	if rows := f.inner(); len(rows) != 1 || rows[0] != "› "+text {
		t.Fatalf("at 80 columns: %q", rows)
	}
	f.resize(30)
	rows := f.inner() // view checks every row is 30 wide
	if len(rows) < 3 || !strings.HasPrefix(rows[0], "› the quick") {
		t.Fatalf("at 30 columns: %q", rows)
	}
	var words []string
	for i, r := range rows {
		prompt, rest, _ := strings.Cut(r, " ")
		if want := map[bool]string{true: "›", false: "·"}[i == 0]; prompt != want {
			t.Fatalf("row %d starts %q, want %q: %q", i, prompt, want, rows)
		}
		words = append(words, strings.Fields(rest)...)
	}
	if strings.Join(words, " ") != text {
		t.Fatalf("the wrapped rows read %q", strings.Join(words, " "))
	}
	f.resize(80)
	if rows := f.inner(); len(rows) != 1 {
		t.Fatalf("back at 80 columns: %q", rows)
	}
}

// The composer draws afresh only when something it shows changed.
func TestViewIsDrawnOnlyOnChange(t *testing.T) {
	f := newFixture(t, 60)
	f.view()
	n := f.m.Renders()
	f.view()
	if f.m.Renders() != n {
		t.Fatal("an unchanged composer was drawn again")
	}
	f.typeText("x")
	f.view()
	if f.m.Renders() != n+1 {
		t.Fatalf("typing drew %d times, want once", f.m.Renders()-n)
	}
	f.com.ThemeGen++
	f.view()
	if f.m.Renders() != n+2 {
		t.Fatal("a theme change was not drawn")
	}
}
