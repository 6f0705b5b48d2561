package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Build derives every component's styles from a theme. With a no-colour
// theme, colour distinctions become attribute ones: selection is reverse
// video, emphasis bold, secondary text faint, matches underlined.
func Build(t *Theme) *Styles {
	b := builder{p: t.Palette, mono: t.NoColor, dark: t.IsDark()}
	return &Styles{
		App:        b.app(),
		Sidebar:    b.sidebar(),
		Transcript: b.transcript(),
		Composer:   b.composer(),
		StatusBar:  b.statusBar(),
		Dialog:     b.dialog(),
		Drawer:     b.drawer(),
		Help:       b.help(),
	}
}

// builder holds the palette and the few style recipes the components
// share.
type builder struct {
	p    Palette
	mono bool
	dark bool
}

// fg is text in colour c.
func (b builder) fg(c color.Color) lipgloss.Style {
	return lipgloss.NewStyle().Foreground(c)
}

// bold is bold text in colour c.
func (b builder) bold(c color.Color) lipgloss.Style {
	return b.fg(c).Bold(true)
}

// muted is secondary text; faint when there is no colour to dim it.
func (b builder) muted() lipgloss.Style {
	return b.fg(b.p.FgMuted).Faint(b.mono)
}

// subtle is tertiary text, always faint in mono.
func (b builder) subtle() lipgloss.Style {
	return b.fg(b.p.FgSubtle).Faint(b.mono)
}

// selected is the cursor row: the selection colour, or reverse video.
func (b builder) selected() lipgloss.Style {
	if b.mono {
		return lipgloss.NewStyle().Reverse(true).Bold(true)
	}
	return lipgloss.NewStyle().Background(b.p.Selection).Foreground(b.p.Fg).Bold(true)
}

// highlight marks a match: a highlight background, or underline.
func (b builder) highlight() lipgloss.Style {
	if b.mono {
		return lipgloss.NewStyle().Underline(true).Bold(true)
	}
	return lipgloss.NewStyle().Background(b.p.Highlight).Foreground(b.ink(b.p.Highlight)).Bold(true)
}

// badge is a short label on a coloured background (mode badges).
func (b builder) badge(bg color.Color) lipgloss.Style {
	if b.mono {
		return lipgloss.NewStyle().Reverse(true).Bold(true).Padding(0, 1)
	}
	return lipgloss.NewStyle().Background(bg).Foreground(b.ink(bg)).Bold(true).Padding(0, 1)
}

// ink is the text colour for a coloured background: of Fg and BgBase, the
// one whose lightness is opposite to bg's (ANSI colours are judged by their
// xterm values), so badges stay readable on 16-colour terminals too.
func (b builder) ink(bg color.Color) color.Color {
	if IsDark(b.p.Fg) != IsDark(bg) {
		return b.p.Fg
	}
	return b.p.BgBase
}

// chip is an inline label on a panel background (media, attachments).
func (b builder) chip() lipgloss.Style {
	if b.mono {
		return lipgloss.NewStyle().Underline(true).Padding(0, 1)
	}
	return lipgloss.NewStyle().Background(b.p.BgPanel).Foreground(b.p.Fg).Padding(0, 1)
}

// bubble is a message frame: a thick bar on the left in the role colour.
func (b builder) bubble(role color.Color) lipgloss.Style {
	return lipgloss.NewStyle().
		Border(lipgloss.ThickBorder(), false, false, false, true).
		BorderForeground(role).
		PaddingLeft(1)
}

// frame is a rounded box in colour c with the given padding.
func (b builder) frame(c color.Color, vertical, horizontal int) lipgloss.Style {
	return lipgloss.NewStyle().
		Border(lipgloss.RoundedBorder()).
		BorderForeground(c).
		Padding(vertical, horizontal)
}

func (b builder) app() AppStyles {
	return AppStyles{
		Base:    lipgloss.NewStyle().Foreground(b.p.Fg),
		Divider: b.fg(b.p.Border),
		Muted:   b.muted(),
		Error:   b.bold(b.p.Error).Underline(b.mono),
	}
}

func (b builder) sidebar() SidebarStyles {
	return SidebarStyles{
		Base: lipgloss.NewStyle().
			Border(lipgloss.NormalBorder(), false, true, false, false).
			BorderForeground(b.p.Border).
			PaddingRight(1),
		Title:           b.bold(b.p.FgMuted).Underline(b.mono),
		TitleFocused:    b.bold(b.p.Primary).Underline(true),
		Item:            b.fg(b.p.Fg),
		Thread:          b.muted().PaddingLeft(2),
		Selected:        b.bold(b.p.Primary).Underline(b.mono),
		SelectedFocused: b.selected(),
		Highlighted:     b.bold(b.p.Fg),
		Unread:          b.bold(b.p.Accent),
		Default:         b.fg(b.p.Warning),
		Busy:            b.fg(b.p.Info),
		Picker:          b.bold(b.p.Warning),
		Muted:           b.subtle(),
	}
}
