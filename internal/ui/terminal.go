package ui

import (
	"image/color"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// terminal is what Iris knows of the terminal it runs in: its environment
// (the program's own, or an SSH session's once the program reports it with
// tea.EnvMsg), its colour profile and background colour, and whether it has
// the focus. The theme (theme.go), previews (internal/ui/mediactl), the editor and
// the pager, and the clipboard read it here.
type terminal struct {
	getenv  func(string) string
	profile colorprofile.Profile
	bg      color.Color // nil until the terminal reports it
	blurred bool        // the terminal reported it lost the focus
}

// newTerminal starts from getenv (nil: the process's own environment).
func newTerminal(getenv func(string) string) *terminal {
	if getenv == nil {
		getenv = os.Getenv
	}
	return &terminal{getenv: getenv}
}

// update records what msg reports of the terminal; restyle is true when the
// theme must be resolved again (background or colour profile).
func (t *terminal) update(msg tea.Msg) (restyle bool) {
	switch msg := msg.(type) {
	case tea.EnvMsg:
		t.getenv = msg.Getenv
	case tea.BackgroundColorMsg:
		t.bg = msg.Color
		return true
	case tea.ColorProfileMsg:
		t.profile = msg.Profile
		return true
	case tea.BlurMsg:
		t.blurred = true
	}
	return false
}

// focused records that the terminal has the focus; it reports whether it
// had lost it.
func (t *terminal) focused() (was bool) {
	was, t.blurred = t.blurred, false
	return was
}

// env reads a variable of the terminal's environment.
func (t *terminal) env(key string) string { return t.getenv(key) }
