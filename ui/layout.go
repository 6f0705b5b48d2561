package ui

import "charm.land/lipgloss/v2"

// Layout thresholds.
const (
	// narrowWidth: below it the sidebar starts collapsed.
	narrowWidth = 100
	minSidebar  = 22
	maxSidebar  = 32
)

// layout is the computed geometry of the screen.
type layout struct {
	sidebar    int // sidebar width (0 when hidden)
	main       int // width of the transcript/composer column
	top        int // first row of the panes
	banner     int // rows of the notification banner above the transcript
	transcript int // transcript height
	card       int // rows of the waiting picker's card, between transcript and composer
	composer   int // composer height
	height     int // total height
}

// areaAt returns the area at screen cell (x, y).
func (l layout) areaAt(x, y int) focusArea {
	switch {
	case x < l.sidebar:
		return focusSidebar
	case y < l.top+l.banner+l.transcript:
		return focusTranscript
	}
	return focusComposer
}

// resize records the terminal size and lays the panes out.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.dialogs.SetSize(w, h)
	m.relayout()
}

// sidebarVisible decides whether the sidebar takes space: hidden by the
// user, or collapsed on a narrow terminal unless the user opened it.
func (m *Model) sidebarVisible() bool {
	if m.sidebarHidden || m.opts.Inline { // --inline prints full-width messages
		return false
	}
	return m.width >= narrowWidth || m.sidebarShown
}

// toggleSidebar hides or shows the sidebar. On a narrow terminal it opens
// the collapsed sidebar; on a wide one it hides it.
func (m *Model) toggleSidebar() {
	if m.width < narrowWidth {
		m.sidebarShown, m.sidebarHidden = !m.sidebarVisible(), false
	} else {
		m.sidebarHidden = m.sidebarVisible()
	}
	if !m.sidebarVisible() && m.focus == focusSidebar {
		m.setFocus(focusComposer)
	}
	m.relayout()
}

// relayout recomputes the geometry and resizes the children.
func (m *Model) relayout() {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	var l layout
	l.height = m.height
	if m.sidebarVisible() {
		l.sidebar = min(max(m.width/5, minSidebar), maxSidebar, m.width/2)
	}
	l.main = m.width - l.sidebar
	m.composer.SetSize(l.main, 0)
	m.drawer.SetSize(l.main, 0)
	body := max(m.height-1, 1) // the status bar takes the last row
	l.composer = min(m.composer.Height(), max(body-3, 1))
	if m.bannerActive() {
		l.banner = 1
		if m.banner.rows > 1 {
			l.banner = lipgloss.Height(m.bannerView(l.main))
		}
	}
	l.card = m.cardRows()
	l.transcript = max(body-l.composer-l.banner-l.card, 1)
	m.sidebar.SetSize(l.sidebar, body)
	m.transcript.SetSize(l.main, l.transcript)
	m.status.SetSize(m.width, 1)
	if l != m.layout {
		m.invalidate()
	}
	m.layout = l
}
