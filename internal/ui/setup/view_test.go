package setup

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/hermes/iris/internal/themes"
)

// TestViewGolden renders the form with an insecure URL and a failed test at
// two widths in both themes.
func TestViewGolden(t *testing.T) {
	for _, theme := range []themes.Name{themes.Dark, themes.Light} {
		for _, width := range []int{60, 100} {
			t.Run(fmt.Sprintf("%s/%d", theme, width), func(t *testing.T) {
				tester := &fakeTester{err: errors.New("auth: token rejected")}
				m, _ := newModel(t, tester, func(o *Options) {
					o.Styles = themes.Build(themes.New(themes.Options{Name: theme}))
				})
				m.Update(tea.WindowSizeMsg{Width: width, Height: 30})
				fill(m, "ws://10.0.0.2/ws", "tok-12345678", "default", "pc")
				m.setFocus(itemInsecure)
				press(m, "space")
				run(t, m, press(m, "ctrl+t"))
				view := m.View().Content
				for _, line := range strings.Split(view, "\n") {
					if w := ansi.StringWidth(line); w > width {
						t.Fatalf("line of width %d > %d: %q", w, width, ansi.Strip(line))
					}
				}
				golden.RequireEqual(t, view)
			})
		}
	}
}
