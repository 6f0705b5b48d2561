package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Palette is the small semantic palette every style is derived from.
type Palette struct {
	Primary   color.Color // brand colour: titles, focused borders, prompt
	Accent    color.Color // secondary emphasis: badges, links, matches
	Fg        color.Color // body text
	FgMuted   color.Color // secondary text: descriptions, timestamps
	FgSubtle  color.Color // tertiary text: hints, reasoning, placeholders
	BgBase    color.Color // the app's background (text drawn on highlights)
	BgPanel   color.Color // raised surfaces: dialogs, code, chips
	Border    color.Color // unfocused borders and rules
	Success   color.Color
	Warning   color.Color
	Error     color.Color
	Info      color.Color
	User      color.Color // role colours
	Assistant color.Color
	System    color.Color
	Cron      color.Color
	Selection color.Color // background of the selected row
	Highlight color.Color // background of search matches
}

// tone is one palette colour at three depths: a 16-colour index, a
// 256-colour index and a true colour, picked so each reads well on its own.
type tone struct {
	ansi    uint8
	ansi256 uint8
	hex     string
}

// color returns the tone for a colour profile; Unknown counts as true
// colour.
func (t tone) color(p colorprofile.Profile) color.Color {
	switch p {
	case colorprofile.ANSI:
		return lipgloss.ANSIColor(t.ansi)
	case colorprofile.ANSI256:
		return lipgloss.ANSIColor(t.ansi256)
	}
	return lipgloss.Color(t.hex)
}

// tones is a palette definition before a colour profile is chosen.
type tones struct {
	primary, accent, fg, fgMuted, fgSubtle, bgBase, bgPanel, border,
	success, warning, error, info, user, assistant, system, cron,
	selection, highlight tone
}

// resolve picks every tone for a colour profile.
func (t tones) resolve(p colorprofile.Profile) Palette {
	return Palette{
		Primary: t.primary.color(p), Accent: t.accent.color(p),
		Fg: t.fg.color(p), FgMuted: t.fgMuted.color(p), FgSubtle: t.fgSubtle.color(p),
		BgBase: t.bgBase.color(p), BgPanel: t.bgPanel.color(p), Border: t.border.color(p),
		Success: t.success.color(p), Warning: t.warning.color(p), Error: t.error.color(p), Info: t.info.color(p),
		User: t.user.color(p), Assistant: t.assistant.color(p), System: t.system.color(p), Cron: t.cron.color(p),
		Selection: t.selection.color(p), Highlight: t.highlight.color(p),
	}
}

// darkTones is the palette for dark backgrounds. The 16-colour picks use
// bright variants for text so they stay readable on black.
var darkTones = tones{
	primary:   tone{12, 111, "#7AA2F7"},
	accent:    tone{13, 183, "#C4A7E7"},
	fg:        tone{7, 253, "#DCDCE4"},
	fgMuted:   tone{7, 248, "#A6A6B4"},
	fgSubtle:  tone{8, 243, "#727284"},
	bgBase:    tone{0, 234, "#1A1B22"},
	bgPanel:   tone{0, 236, "#262733"},
	border:    tone{8, 239, "#44465A"},
	success:   tone{10, 114, "#8CD694"},
	warning:   tone{11, 221, "#F2C97D"},
	error:     tone{9, 210, "#F7768E"},
	info:      tone{14, 117, "#7DCFFF"},
	user:      tone{14, 81, "#56C8F0"},
	assistant: tone{13, 183, "#BB9AF7"},
	system:    tone{11, 221, "#E0AF68"},
	cron:      tone{10, 115, "#73DACA"},
	selection: tone{4, 60, "#3A3F66"},
	highlight: tone{11, 222, "#F5D77F"},
}

// lightTones is the palette for light backgrounds. The 16-colour picks use
// the normal (darker) variants for text so they stay readable on white.
var lightTones = tones{
	primary:   tone{4, 25, "#2E5BBA"},
	accent:    tone{5, 97, "#8250DF"},
	fg:        tone{0, 236, "#24252E"},
	fgMuted:   tone{8, 241, "#5C5F70"},
	fgSubtle:  tone{8, 246, "#8B8E9E"},
	bgBase:    tone{15, 255, "#FAFAFC"},
	bgPanel:   tone{7, 254, "#ECEDF2"},
	border:    tone{7, 250, "#C4C6D2"},
	success:   tone{2, 28, "#1F7A3A"},
	warning:   tone{3, 130, "#9A6200"},
	error:     tone{1, 160, "#C62E4A"},
	info:      tone{6, 31, "#0B7FA6"},
	user:      tone{6, 25, "#1565A8"},
	assistant: tone{5, 91, "#7A3EC8"},
	system:    tone{3, 130, "#A0600A"},
	cron:      tone{2, 29, "#13795E"},
	selection: tone{14, 153, "#D4E2FA"},
	highlight: tone{11, 229, "#FBE7A1"},
}

// noColorPalette has no colours at all; the builder distinguishes with
// attributes instead.
func noColorPalette() Palette {
	n := lipgloss.NoColor{}
	return Palette{
		Primary: n, Accent: n, Fg: n, FgMuted: n, FgSubtle: n, BgBase: n, BgPanel: n, Border: n,
		Success: n, Warning: n, Error: n, Info: n, User: n, Assistant: n, System: n, Cron: n,
		Selection: n, Highlight: n,
	}
}
