package ui

import (
	"testing"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
)

// A theme remembered in the store (from /theme or /settings) beats the
// configured default, but not a theme asked for on this run's command line.
func TestRememberedThemeAndForcedTheme(t *testing.T) {
	st := store.New(store.Options{})
	saveTheme(st, themes.Light)
	if m := New(Options{State: st, Theme: themes.Dark}); m.com.Theme.Name != themes.Light {
		t.Fatalf("remembered theme lost: got %s, want light", m.com.Theme.Name)
	}
	if m := New(Options{State: st, Theme: themes.Dark, ForceTheme: true}); m.com.Theme.Name != themes.Dark {
		t.Fatalf("--theme ignored: got %s, want dark", m.com.Theme.Name)
	}
}
