package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/composer"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/internal/ui/drawer"
	"github.com/hermes/iris/internal/ui/sidebar"
	"github.com/hermes/iris/internal/ui/statusbar"
	"github.com/hermes/iris/internal/ui/transcript"
)

// screen is the root's screen part. It owns the terminal's size and the
// geometry of the panes (layout.go), which pane has the focus, the theme
// (theme.go), the drawing (view.go, inline.go for --inline), the banner,
// and the render, spinner and clock ticks (ticks.go). The root owns the
// panes; the screen lays them out and draws them.
//
// Every change that needs the screen brought up to date marks it in one
// dirty set (mark); settle, at the end of each Update, does each marked
// follow-up once.
type screen struct {
	com   *common.Common
	term  *terminal
	panes panes
	cards cardSource // the waiting picker's card (pickerctl.go)

	inlineMode bool        // --inline (Options.Inline)
	noColor    bool        // Options.NoColor
	theme      themes.Name // the theme asked for (auto follows the background)

	width, height int
	layout        layout
	focus         focusArea
	sidebarHidden bool // the user toggled the sidebar off
	sidebarShown  bool // the user toggled it on at a narrow width

	dirty dirty
	// Coalesced rendering: frames mark the transcript stale and a flush
	// tick re-renders it at most every flushInterval.
	tview string
	cache struct { // the last composed screen (view.go)
		parts screenParts
		text  string
	}
	flushing bool
	// pace is told the flush interval when it changes (Options.PaceEvents);
	// paced is the one it was told last.
	pace  func(time.Duration)
	paced time.Duration

	banner banner // the notification banner above the transcript
	// bannerLane is the lane whose waiting question the banner announces;
	// opening it takes the banner down (laneOpened).
	bannerLane frame.Lane

	spin     int                                  // spinner frame index
	spinning bool                                 // a spin tick is scheduled
	spinDue  bool                                 // the pending flush turns the spinner (handleSpin)
	ticking  bool                                 // a clock tick is scheduled (countdowns, info expiry)
	tick     func(time.Duration, tea.Msg) tea.Cmd // realTick; tests replace it

	// inlineLane is the lane whose messages --inline mode printed last
	// (inline.go); a change prints the new lane's name first. inline
	// holds what waits to be printed.
	inlineLane frame.Lane
	inline     inlinePrinter
}

// panes are the children the screen lays out and draws.
type panes struct {
	sidebar    *sidebar.Model
	transcript *transcript.Model
	composer   *composer.Model
	status     *statusbar.Model
	drawer     *drawer.Model
	dialogs    *dialog.Stack
}

// cardSource draws the card of a picker waiting above the composer.
type cardSource interface {
	// cardRows is the card's height (0: no card).
	cardRows() int
	// cardView renders the card for a column width wide.
	cardView(width int) string
	// pickerTicking reports whether a picker on screen counts down.
	pickerTicking() bool
}

// dirty is the set of follow-ups a change asks of the screen.
type dirty uint8

const (
	// needRedraw: the transcript's drawing is stale; the next View renders it.
	needRedraw dirty = 1 << iota
	// needFlush: frames changed the transcript; it is rendered within
	// flushInterval, so a burst of frames costs one render.
	needFlush
	// needLayout: the geometry may have changed (the composer's height, the
	// banner, the card, the sidebar); it is computed again and the panes
	// resized.
	needLayout
	// needSidebar: the directory, the pickers or the theme changed; the
	// sidebar reads them again.
	needSidebar
)

// update takes the screen's own messages: the terminal's size, colours
// and focus loss, the render, spinner and clock ticks, and --inline
// printing's. ok is false for any other message.
func (s *screen) update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.resize(msg.Width, msg.Height)
		return s.inlineStart(), true
	case inlineReadyMsg:
		s.inline.ready = true // inlineAfterUpdate prints what waits
	case inlinePrintedMsg:
		s.inline.busy = false // inlineAfterUpdate prints the next part
	case inlineRedrawnMsg:
		// the print that waited for it follows
	case tea.BackgroundColorMsg, tea.ColorProfileMsg, tea.BlurMsg:
		if s.term.update(msg) {
			s.applyTheme()
		}
	case flushMsg:
		s.flushing = false
		if s.spinDue {
			s.turnSpinner()
		}
		s.mark(needRedraw) // what the frames of the last flushInterval changed
	case spinMsg:
		return s.handleSpin(), true
	case clockMsg:
		s.ticking = false
		s.mark(needLayout) // a banner may have expired
		return s.clockTick(), true
	default:
		return nil, false
	}
	return nil, true
}

// mark adds follow-ups to the dirty set.
func (s *screen) mark(d dirty) { s.dirty |= d }

// settle does the marked follow-ups, each once, in the order they depend
// on each other: the sidebar and the geometry first (a new layout redraws
// the transcript), then the flush tick. The redraw itself waits for View.
func (s *screen) settle() tea.Cmd {
	if s.dirty&needSidebar != 0 {
		s.panes.sidebar.Refresh()
	}
	if s.dirty&needLayout != 0 {
		s.relayout()
	}
	s.dirty &^= needSidebar | needLayout
	if s.dirty&needFlush == 0 {
		return nil
	}
	s.dirty &^= needFlush
	if s.flushing {
		return nil
	}
	s.flushing = true
	every := s.flushEvery()
	if s.pace != nil && every != s.paced {
		s.paced = every
		s.pace(every)
	}
	return s.tick(every, flushMsg{})
}

// drawerOpen reports whether the drawer is on screen.
func (s *screen) drawerOpen() bool { return s.focus == focusComposer && s.panes.drawer.Open() }

// openDialog puts d on top of the dialogs, unless one of its kind is open.
func (s *screen) openDialog(d dialog.Dialog) {
	if s.panes.dialogs.Has(d.ID()) {
		return
	}
	d.SetSize(s.width, s.height)
	s.panes.dialogs.Push(d)
	s.mark(needRedraw)
}
