package common

import (
	"time"

	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
)

// NewForTest returns a Common for component tests: the dark theme, the
// default keys, default settings, an empty memory store, a fixed clock in
// UTC.
func NewForTest(now time.Time) *Common {
	t := themes.New(themes.Options{Name: themes.Dark})
	s := DefaultSettings()
	clock := func() time.Time { return now }
	return &Common{Theme: t, Styles: themes.Build(t), KeyMap: keymap.Default(), Settings: &s,
		Store: store.New(store.Options{Now: clock}), Now: clock, Loc: time.UTC, ThemeGen: 1}
}
