package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
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
type inlinePrinter struct {
	queue   []string
	busy    bool
	waiting bool // the wait for the first frame has started
	ready   bool // the first frame is out
}

// inlinePrintedMsg says the last print reached the terminal.
type inlinePrintedMsg struct{}

// inlineReadyMsg says the renderer has drawn its first frame.
type inlineReadyMsg struct{}

// inlineFirstFrame is how long after the first window size the renderer
// has surely drawn a frame: a few frames at the program's frame rate.
const inlineFirstFrame = 150 * time.Millisecond

// inlineStart starts, on the first window size in --inline mode, the wait
// for the renderer's first frame.
func (m *Model) inlineStart() tea.Cmd {
	if !m.opts.Inline || m.inline.waiting {
		return nil
	}
	m.inline.waiting = true
	return tea.Tick(inlineFirstFrame, func(time.Time) tea.Msg { return inlineReadyMsg{} })
}

// inlineArea is the most rows the managed area takes in --inline mode, out
// of a terminal height rows tall: two thirds, leaving a third for prints.
func inlineArea(height int) int { return max(height*2/3, 1) }

// inlineAfterUpdate queues, in --inline mode, the messages that finished
// during this update (headed by the lane's name when the lane changed)
// and prints the next part of the queue. The managed area no longer shows
// what was queued (renderInline).
func (m *Model) inlineAfterUpdate() tea.Cmd {
	if !m.opts.Inline || m.width <= 0 || m.height <= 0 {
		return nil
	}
	if lane := m.transcript.Lane(); lane != m.inlineLane {
		m.inlineLane = lane
		if name := m.st.ChannelName(lane); name != "" {
			m.inline.queue = append(m.inline.queue, m.com.Styles.Transcript.Notice.Render("── "+name+" ──"), "")
		}
	}
	if s := m.transcript.TakeSettled(); s != "" {
		m.inline.queue = append(m.inline.queue, strings.Split(s, "\n")...)
	}
	if m.inline.busy || !m.inline.ready || len(m.inline.queue) == 0 {
		return nil
	}
	n := min(len(m.inline.queue), max(m.height-inlineArea(m.height), 1))
	chunk := strings.Join(m.inline.queue[:n], "\n")
	m.inline.queue, m.inline.busy = m.inline.queue[n:], true
	return tea.Sequence(tea.Println(chunk), func() tea.Msg { return inlinePrintedMsg{} })
}

// renderInline draws the managed area of --inline mode: the live part of
// the lane (a streaming reply, a running tool, a message being sent), the
// open dialog or drawer, the banner, the picker card, the composer and the
// status bar, stacked from the bottom of the terminal up, in at most
// inlineArea rows. Everything that finished is in the scrollback above.
func (m *Model) renderInline() string {
	parts := []string{m.composer.View(), m.status.View()}
	if m.layout.card > 0 {
		parts = append([]string{m.cardView(m.layout.main)}, parts...)
	}
	if d := m.dialogs.Top(); d != nil {
		parts = append([]string{d.View()}, parts...)
	} else if m.isDrawerOpen() {
		parts = append([]string{m.drawer.View()}, parts...)
	}
	if m.layout.banner > 0 {
		parts = append([]string{m.bannerView(m.layout.main)}, parts...)
	}
	area, used := inlineArea(m.height), 0
	for _, p := range parts {
		used += lipgloss.Height(p)
	}
	if room := area - used; room > 0 {
		if live := m.transcript.LiveView(room); live != "" {
			parts = append([]string{live}, parts...)
		}
	}
	return clipRows(strings.Join(parts, "\n"), area)
}
