package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// View renders the screen. Terminal modes are set only here.
func (m *Model) View() tea.View {
	title := m.notes.windowTitle(m.lane)
	if m.scr.inlineMode {
		// The terminal keeps the mouse: its own selection and scrolling
		// work on the scrollback the messages are printed into.
		v := tea.NewView(m.scr.renderInline())
		v.ReportFocus = true
		v.WindowTitle = title
		return v
	}
	v := tea.NewView(m.scr.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.ReportFocus = true
	v.WindowTitle = title
	return v
}

// render composes the panes, then overlays the drawer and the topmost
// dialog. Each pane returns its cached drawing while its inputs are
// unchanged, and the composed screen is reused while every pane's drawing
// is, so a frame that changes nothing visible costs no composing.
func (s *screen) render() string {
	if s.width <= 0 || s.height <= 0 {
		return ""
	}
	screen := s.composeBase()
	if s.drawerOpen() && s.panes.dialogs.Len() == 0 {
		box := s.panes.drawer.View()
		y := s.layout.top + s.layout.banner + s.layout.transcript - lipgloss.Height(box)
		screen = clipRows(overlayAt(screen, box, s.layout.sidebar, max(y, 0)), s.height)
	}
	if d := s.panes.dialogs.Top(); d != nil {
		screen = clipRows(overlay(screen, d.View(), s.layout.sidebar, s.width, s.height), s.height)
	}
	return screen
}

// screenParts are the panes' drawings a screen was composed from.
type screenParts struct {
	transcript, card, composer, banner, sidebar, status string
	layout                                              layout
}

// composeBase joins the panes, reusing the last screen when no pane's
// drawing changed (strings that share their bytes compare in constant time).
func (s *screen) composeBase() string {
	if s.dirty&needRedraw != 0 {
		s.tview = s.panes.transcript.View()
		s.dirty &^= needRedraw
	}
	p := screenParts{transcript: s.tview, composer: s.panes.composer.View(), status: s.panes.status.View(), layout: s.layout}
	if s.layout.card > 0 {
		p.card = s.cards.cardView(s.layout.main)
	}
	if s.layout.banner > 0 {
		p.banner = s.bannerView(s.layout.main)
	}
	if s.layout.sidebar > 0 {
		p.sidebar = s.panes.sidebar.View()
	}
	if s.cache.text != "" && p == s.cache.parts {
		return s.cache.text
	}
	main := p.transcript + "\n" + p.composer
	if s.layout.card > 0 {
		main = p.transcript + "\n" + p.card + "\n" + p.composer
	}
	if s.layout.banner > 0 {
		main = p.banner + "\n" + main
	}
	if s.layout.sidebar > 0 {
		main = besides(p.sidebar, s.layout.sidebar, main)
	}
	s.cache.parts, s.cache.text = p, clipRows(main+"\n"+p.status, s.height)
	return s.cache.text
}

// clipRows keeps the last n rows of s (on a terminal too small for the
// panes' minimum sizes, the status bar and composer stay in view).
func clipRows(s string, n int) string {
	if strings.Count(s, "\n") < n {
		return s
	}
	rows := strings.Split(s, "\n")
	return strings.Join(rows[len(rows)-n:], "\n")
}

// besides puts right to the right of left line by line. left is a pane
// padded to leftWidth (cheaper than lipgloss.JoinHorizontal, which measures
// every line; this runs on every key press).
func besides(left string, leftWidth int, right string) string {
	ls, rs := strings.Split(left, "\n"), strings.Split(right, "\n")
	var b strings.Builder
	b.Grow(len(left) + len(right) + 2*len(ls))
	for i := 0; i < max(len(ls), len(rs)); i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(ls) {
			b.WriteString(ls[i])
		} else {
			b.WriteString(strings.Repeat(" ", leftWidth))
		}
		if i < len(rs) {
			b.WriteString(rs[i])
		}
	}
	return b.String()
}

// overlay draws box over base: centred in the columns right of the
// sidebar (left of them) when it fits there, so it never covers the
// sidebar's edge, else centred on the whole screen.
func overlay(base, box string, sidebar, w, h int) string {
	bw, bh := lipgloss.Width(box), lipgloss.Height(box)
	x := max((w-bw)/2, 0)
	if x < sidebar && bw <= w-sidebar {
		x = sidebar + (w-sidebar-bw)/2
	}
	return overlayAt(base, box, x, max((h-bh)/3, 0))
}

// overlayAt draws box over base with its top left corner at (x, y).
func overlayAt(base, box string, x, y int) string {
	return lipgloss.NewCompositor(lipgloss.NewLayer(base), lipgloss.NewLayer(box).X(x).Y(y).Z(1)).Render()
}

// banner is a notification shown above the transcript until it expires.
type banner struct {
	text  string // sanitised
	isErr bool
	until time.Time
	rows  int // wraps to at most this many rows (0: one row, truncated)
}

// showBanner puts b above the transcript (a zero b takes the banner down).
func (s *screen) showBanner(b banner) {
	s.banner = b
	s.mark(needLayout)
}

// showStoreBanners shows the newest of the store's new banners bs above
// the transcript for bannerTTL; one announcing a waiting question notes its
// lane (laneOpened).
func (s *screen) showStoreBanners(bs []store.Banner) tea.Cmd {
	for _, b := range bs {
		text := termsafe.Line(b.Title)
		if body := termsafe.Line(b.Body); body != "" {
			if text != "" {
				text += " — "
			}
			text += body
		}
		if text == "" {
			continue
		}
		s.showBanner(banner{text: text, isErr: b.Kind == store.BannerError, until: s.com.Now().Add(bannerTTL)})
		s.bannerLane = frame.Lane{}
		if b.Kind == store.BannerPicker {
			s.bannerLane = b.Lane
		}
	}
	return s.clockTick()
}

// laneOpened takes down the banner announcing lane l's waiting question:
// it is on screen now.
func (s *screen) laneOpened(l frame.Lane) {
	if s.bannerLane == l && l.ChatID != "" {
		s.showBanner(banner{})
		s.bannerLane = frame.Lane{}
	}
}

func (s *screen) bannerActive() bool {
	return s.banner.text != "" && s.com.Now().Before(s.banner.until)
}

// bannerView renders the banner for a column width wide.
func (s *screen) bannerView(width int) string {
	st := s.com.Styles.Transcript.Banner
	glyph := "◉ "
	if s.banner.isErr {
		st, glyph = s.com.Styles.Transcript.BannerError, "✗ "
	}
	w := max(width-st.GetHorizontalFrameSize(), 1)
	if s.banner.rows > 1 {
		return st.Width(width).MaxHeight(s.banner.rows).Render(glyph + s.banner.text)
	}
	return st.Width(width).MaxHeight(1).Render(ansi.Truncate(glyph+s.banner.text, w, "…"))
}
