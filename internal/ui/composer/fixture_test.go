package composer_test

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/composer"
	"github.com/hermes/iris/internal/viewtest"
)

// fixture is a composer on its own, as the root lays it out.
type fixture struct {
	t     *testing.T
	com   *common.Common
	m     *composer.Model
	width int
}

// newFixture returns a focused, empty composer w columns wide in the dark
// theme.
func newFixture(t *testing.T, w int) *fixture { return newThemedFixture(t, w, themes.Dark) }

// newThemedFixture returns a focused, empty composer w columns wide in
// theme n.
func newThemedFixture(t *testing.T, w int, n themes.Name) *fixture {
	t.Helper()
	com := common.NewForTest(time.Date(2026, 3, 14, 12, 4, 0, 0, time.UTC))
	com.Theme = themes.New(themes.Options{Name: n})
	com.Styles = themes.Build(com.Theme)
	f := &fixture{t: t, com: com, m: composer.New(com)}
	f.resize(w)
	return f
}

// resize sets the composer's width (its height follows the content).
func (f *fixture) resize(w int) {
	f.width = w
	f.m.SetSize(w, 0)
}

// typeText types text one key at a time; "\n" is Alt+Enter.
func (f *fixture) typeText(text string) {
	f.t.Helper()
	for _, r := range text {
		if r == '\n' {
			f.press(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt})
			continue
		}
		f.press(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// press sends one key and returns the composer's action.
func (f *fixture) press(k tea.KeyPressMsg) common.Action {
	act, _ := f.m.Update(k)
	return act
}

// view renders the composer and checks what the root relies on: it is
// safe for the terminal, every row is exactly the width, and it has
// Height rows.
func (f *fixture) view() string {
	f.t.Helper()
	v := f.m.View()
	if err := termsafe.Verify(v); err != nil {
		f.t.Fatalf("unsafe output: %v\n%q", err, v)
	}
	rows := strings.Split(v, "\n")
	if len(rows) != f.m.Height() {
		f.t.Fatalf("Height %d but View has %d rows:\n%s", f.m.Height(), len(rows), ansi.Strip(v))
	}
	for i, row := range rows {
		if w := ansi.StringWidth(row); w != f.width {
			f.t.Fatalf("row %d is %d cells wide, want %d:\n%s", i, w, f.width, ansi.Strip(v))
		}
	}
	return v
}

// rows is the view as the user reads it, one entry per row, without the
// frame's sides and the padding.
func (f *fixture) rows() []string {
	f.t.Helper()
	var out []string
	for _, r := range strings.Split(ansi.Strip(f.view()), "\n") {
		out = append(out, strings.TrimSpace(strings.Trim(strings.TrimSpace(r), "│")))
	}
	return out
}

// inner is the rows inside the frame (its top and bottom borders left out).
func (f *fixture) inner() []string {
	f.t.Helper()
	rows := f.rows()
	return rows[1 : len(rows)-1]
}

// mustShow fails unless the plain view holds every one of subs; it
// returns the plain view.
func (f *fixture) mustShow(subs ...string) string {
	f.t.Helper()
	return viewtest.Shows(f.t, strings.Join(f.rows(), "\n"), subs...)
}

// mustNotShow fails if the plain view holds any of subs, or does not hold
// want (so a blank view never passes).
func (f *fixture) mustNotShow(want string, subs ...string) {
	f.t.Helper()
	viewtest.ShowsNot(f.t, strings.Join(f.rows(), "\n"), want, subs...)
}
