package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// inlinePrinter queues the lines --inline mode prints into the terminal's
// scrollback. One print is in flight at a time (prints from different
// updates would otherwise race), each at most the rows the managed area
// leaves free: the renderer makes room for a print by scrolling the whole
// screen, so a larger one would push the managed area's own rows into the
// scrollback.
//
// Nothing is printed before the renderer drew its first frame: until then
// it takes the managed area for the whole screen and would put a print at
// the top of the screen, above lines printed before.
//
// The managed area never shrinks on its own: the renderer would keep its
// top row, leaving the rows it gave up blank under the composer (a closed
// dialog left a dozen). It keeps its tallest height, padded on top, and
// gives up rows only as prints fill them.
type inlinePrinter struct {
	queue   []string
	busy    bool
	waiting bool // the wait for the first frame has started
	ready   bool // the first frame is out
	floor   int  // the rows the managed area keeps (see above)
}

// inlinePrintedMsg says the last print reached the terminal.
type inlinePrintedMsg struct{}

// inlineReadyMsg says the renderer has drawn its first frame.
type inlineReadyMsg struct{}

// inlineRedrawnMsg says the renderer has drawn the managed area after it
// gave up rows for a print.
type inlineRedrawnMsg struct{}

// inlineRedraw is how long a print waits after the managed area gave up
// rows for it: the renderer must draw the smaller area first (a few frames
// at the program's frame rate), or the print lands above the taller one and
// the rows given up stay blank under the composer.
const inlineRedraw = 100 * time.Millisecond

// inlineFirstFrame is how long after the first window size the renderer
// has surely drawn a frame: a few frames at the program's frame rate.
const inlineFirstFrame = 150 * time.Millisecond

// inlineStart starts, on the first window size in --inline mode, the wait
// for the renderer's first frame.
func (s *screen) inlineStart() tea.Cmd {
	if !s.inlineMode || s.inline.waiting {
		return nil
	}
	s.inline.waiting = true
	return tea.Tick(inlineFirstFrame, func(time.Time) tea.Msg { return inlineReadyMsg{} })
}

// inlineArea is the most rows the managed area takes in --inline mode, out
// of a terminal height rows tall: two thirds, leaving a third for prints.
func inlineArea(height int) int { return max(height*2/3, 1) }

// inlineAfterUpdate queues, in --inline mode, the messages that finished
// during this update (headed by the lane's name when the lane changed)
// and prints the next part of the queue. The managed area no longer shows
// what was queued (renderInline).
func (s *screen) inlineAfterUpdate() tea.Cmd {
	if !s.inlineMode || s.width <= 0 || s.height <= 0 {
		return nil
	}
	if lane := s.panes.transcript.Lane(); lane != s.inlineLane {
		s.inlineLane = lane
		if name := s.com.Store.ChannelName(lane); name != "" {
			s.inline.queue = append(s.inline.queue, s.com.Styles.Transcript.Notice.Render("── "+name+" ──"), "")
		}
	}
	if settled := s.panes.transcript.TakeSettled(); settled != "" {
		s.inline.queue = append(s.inline.queue, strings.Split(settled, "\n")...)
	}
	rows := lipgloss.Height(s.inlineBody())
	s.inline.floor = max(s.inline.floor, rows)
	if s.inline.busy || !s.inline.ready || len(s.inline.queue) == 0 {
		return nil
	}
	n := min(len(s.inline.queue), max(s.height-inlineArea(s.height), 1))
	lines := s.inline.queue[:n]
	s.inline.queue, s.inline.busy = s.inline.queue[n:], true
	print := tea.Sequence(tea.Println(strings.Join(lines, "\n")), func() tea.Msg { return inlinePrintedMsg{} })
	give := min(printedRows(lines, s.width), s.inline.floor-rows) // rows the print fills
	if give <= 0 {
		return print
	}
	s.inline.floor -= give
	return tea.Sequence(tea.Tick(inlineRedraw, func(time.Time) tea.Msg { return inlineRedrawnMsg{} }), print)
}

// printedRows is how many terminal rows lines take at width, long lines
// wrapping as the renderer counts them.
func printedRows(lines []string, width int) int {
	n := 0
	for _, l := range lines {
		n += 1 + max(ansi.StringWidth(l)-1, 0)/max(width, 1)
	}
	return n
}

// renderInline draws the managed area of --inline mode: the live part of
// the lane (a streaming reply, a running tool, a message being sent), the
// open dialog or drawer, the banner, the picker card, the composer and the
// status bar, stacked from the bottom of the terminal up, in at most
// inlineArea rows, padded on top to the rows it keeps (inlinePrinter).
// Everything that finished is in the scrollback above.
func (s *screen) renderInline() string {
	body := s.inlineBody()
	if pad := min(s.inline.floor, inlineArea(s.height)) - lipgloss.Height(body); pad > 0 {
		body = strings.Repeat("\n", pad) + body
	}
	return body
}

// inlineBody is the managed area of --inline mode without its padding.
func (s *screen) inlineBody() string {
	parts := []string{s.panes.composer.View(), s.panes.status.View()}
	if s.layout.card > 0 {
		parts = append([]string{s.cards.cardView(s.layout.main)}, parts...)
	}
	if d := s.panes.dialogs.Top(); d != nil {
		parts = append([]string{d.View()}, parts...)
	} else if s.drawerOpen() {
		parts = append([]string{s.panes.drawer.View()}, parts...)
	}
	if s.layout.banner > 0 {
		parts = append([]string{s.bannerView(s.layout.main)}, parts...)
	}
	area, used := inlineArea(s.height), 0
	for _, p := range parts {
		used += lipgloss.Height(p)
	}
	if room := area - used; room > 0 {
		if live := s.panes.transcript.LiveView(room); live != "" {
			parts = append([]string{live}, parts...)
		}
	}
	return clipRows(strings.Join(parts, "\n"), area)
}
