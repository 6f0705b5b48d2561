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
func (s *screen) resize(w, h int) {
	s.width, s.height = w, h
	s.panes.dialogs.SetSize(w, h)
	s.mark(needLayout)
}

// sidebarVisible decides whether the sidebar takes space: hidden by the
// user, or collapsed on a narrow terminal unless the user opened it.
func (s *screen) sidebarVisible() bool {
	if s.sidebarHidden || s.inlineMode { // --inline prints full-width messages
		return false
	}
	return s.width >= narrowWidth || s.sidebarShown
}

// toggleSidebar hides or shows the sidebar. On a narrow terminal it opens
// the collapsed sidebar; on a wide one it hides it.
func (s *screen) toggleSidebar() {
	if s.width < narrowWidth {
		s.sidebarShown, s.sidebarHidden = !s.sidebarVisible(), false
	} else {
		s.sidebarHidden = s.sidebarVisible()
	}
	if !s.sidebarVisible() && s.focus == focusSidebar {
		s.setFocus(focusComposer)
	}
	s.mark(needLayout)
}

// relayout recomputes the geometry and resizes the children.
func (s *screen) relayout() {
	if s.width <= 0 || s.height <= 0 {
		return
	}
	var l layout
	l.height = s.height
	if s.sidebarVisible() {
		l.sidebar = min(max(s.width/5, minSidebar), maxSidebar, s.width/2)
	}
	l.main = s.width - l.sidebar
	s.panes.composer.SetSize(l.main, 0)
	s.panes.drawer.SetSize(l.main, 0)
	body := max(s.height-1, 1) // the status bar takes the last row
	l.composer = min(s.panes.composer.Height(), max(body-3, 1))
	if s.bannerActive() {
		l.banner = 1
		if s.banner.rows > 1 {
			l.banner = lipgloss.Height(s.bannerView(l.main))
		}
	}
	l.card = s.cards.cardRows()
	l.transcript = max(body-l.composer-l.banner-l.card, 1)
	s.panes.sidebar.SetSize(l.sidebar, body)
	s.panes.transcript.SetSize(l.main, l.transcript)
	s.panes.status.SetSize(s.width, 1)
	if l != s.layout {
		s.mark(needRedraw)
	}
	s.layout = l
}
