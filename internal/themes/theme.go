// Package themes holds Iris's look: a small semantic palette for dark and
// light terminals (and a no-colour variant for NO_COLOR), glyph constants,
// one builder that derives every component's lipgloss styles from a palette,
// and the matching glamour style config for markdown.
//
// The UI chooses the theme from the terminal's reported background
// (tea.BackgroundColorMsg) and colour profile (tea.ColorProfileMsg):
//
//	t := themes.New(themes.Options{Name: cfg.Theme, Background: msg.Color, Profile: p, NoColor: themes.NoColorEnv(os.Getenv)})
//	styles := themes.Build(t)
//	md := themes.GlamourStyle(t)
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package themes

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/lucasb-eyer/go-colorful"
)

// Name is how the user asks for a theme: "auto" (from the terminal's
// background), "dark" or "light".
type Name string

// The theme names accepted by ParseName.
const (
	Auto  Name = "auto"
	Dark  Name = "dark"
	Light Name = "light"
)

// ParseName reads a theme name as the config file and /theme spell it;
// "" means auto.
func ParseName(s string) (Name, error) {
	switch n := Name(strings.ToLower(strings.TrimSpace(s))); n {
	case "", Auto:
		return Auto, nil
	case Dark, Light:
		return n, nil
	}
	return Auto, fmt.Errorf("themes: unknown theme %q (want auto, dark or light)", s)
}

// Options choose a theme.
type Options struct {
	// Name is auto, dark or light; "" means auto.
	Name Name
	// Background is the terminal's background colour as reported by
	// tea.BackgroundColorMsg; nil (not reported yet) counts as dark.
	Background color.Color
	// Profile is the terminal's colour profile (tea.ColorProfileMsg). ANSI
	// and ANSI256 pick hand-chosen 16/256-colour fallbacks; ASCII and NoTTY
	// imply NoColor; Unknown means true colour (bubbletea downsamples).
	Profile colorprofile.Profile
	// NoColor drops every colour and distinguishes with bold, underline,
	// faint and reverse instead (NO_COLOR, see NoColorEnv).
	NoColor bool
}

// Theme is a resolved palette plus what it was resolved from.
type Theme struct {
	// Name is Dark or Light (never Auto).
	Name Name
	// NoColor is true when the palette has no colours.
	NoColor bool
	// Palette holds the semantic colours; all are lipgloss.NoColor{} when
	// NoColor is set.
	Palette Palette
}

// IsDark reports whether the theme is for a dark background.
func (t *Theme) IsDark() bool { return t.Name != Light }

// New resolves options into a theme.
func New(o Options) *Theme {
	name := o.Name
	if name == "" || name == Auto {
		name = Dark
		if o.Background != nil && !IsDark(o.Background) {
			name = Light
		}
	}
	noColor := o.NoColor || o.Profile == colorprofile.ASCII || o.Profile == colorprofile.NoTTY
	t := &Theme{Name: name, NoColor: noColor}
	switch {
	case noColor:
		t.Palette = noColorPalette()
	case name == Light:
		t.Palette = lightTones.resolve(o.Profile)
	default:
		t.Palette = darkTones.resolve(o.Profile)
	}
	return t
}

// IsDark reports whether a terminal background colour (the one in
// tea.BackgroundColorMsg) is dark, by its CIELAB lightness, as lipgloss
// decides it. Nil counts as dark, the common case.
func IsDark(c color.Color) bool {
	if c == nil {
		return true
	}
	col, ok := colorful.MakeColor(c)
	if !ok {
		return true
	}
	l, _, _ := col.Lab()
	return l < 0.5
}

// NoColorEnv reports whether the NO_COLOR convention asks for no colour:
// the variable is set to a non-empty value. Pass os.Getenv.
func NoColorEnv(getenv func(string) string) bool {
	return getenv("NO_COLOR") != ""
}
