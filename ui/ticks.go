package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
)

// Render pacing.
const (
	// flushInterval caps transcript re-renders while frames stream in
	// (about 30 per second).
	flushInterval = 33 * time.Millisecond
	spinInterval  = 120 * time.Millisecond
	clockInterval = time.Second
	// animScan is how many of the newest items are checked for running
	// tools or waiting bubbles.
	animScan = 30
)

var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

type (
	flushMsg struct{}
	spinMsg  struct{}
	clockMsg struct{}
)

// markStale schedules a transcript re-render within flushInterval, so a
// burst of frames costs one render.
func (m *Model) markStale() tea.Cmd {
	if m.flushing {
		return nil
	}
	m.flushing = true
	return m.tick(flushInterval, flushMsg{})
}

// markStaleNow re-renders on the next View (the user's own actions).
func (m *Model) markStaleNow() { m.invalidate() }

func (m *Model) handleFlush() tea.Cmd {
	m.flushing = false
	m.invalidate()
	return nil
}

// spinTick keeps the spinner turning while something animates.
func (m *Model) spinTick() tea.Cmd {
	if m.spinning || !m.animating() {
		return nil
	}
	m.spinning = true
	return m.tick(spinInterval, spinMsg{})
}

func (m *Model) handleSpin() tea.Cmd {
	m.spinning = false
	m.spin = (m.spin + 1) % len(spinnerFrames)
	f := spinnerFrames[m.spin]
	if m.sidebarSpins() {
		m.sidebar.SetSpinner(f)
	}
	if m.transcriptAnimates() {
		m.transcript.SetSpinner(f)
		m.invalidate()
	}
	return m.spinTick()
}

// animating reports whether a spinner is on screen: in the transcript of
// the focused lane or beside a busy lane in the shown sidebar. Spinners
// nobody sees do not tick, so an idle screen costs no CPU.
func (m *Model) animating() bool {
	return m.transcriptAnimates() || m.sidebarSpins()
}

// sidebarSpins reports whether the sidebar is shown with a busy lane among
// its visible rows.
func (m *Model) sidebarSpins() bool {
	return m.layout.sidebar > 0 && m.sidebar.ShowsSpinner()
}

// transcriptAnimates reports whether the focused lane shows the busy or
// typing line, a running tool or a bubble waiting for its first words.
func (m *Model) transcriptAnimates() bool {
	ln := m.st.Lane(m.lane)
	if ln == nil {
		return false
	}
	if ln.Busy || ln.Typing {
		return true
	}
	for i := ln.Len() - 1; i >= max(ln.Len()-animScan, 0); i-- {
		it := ln.Item(i)
		if it.Kind == store.KindTool && it.Tool != nil && it.Tool.Running ||
			it.Kind == store.KindMessage && it.Msg != nil && it.Msg.Streaming {
			return true
		}
	}
	return false
}

// clockTick redraws once a second while a countdown or a timed message is
// on screen.
func (m *Model) clockTick() tea.Cmd {
	if m.ticking || m.conn != common.ConnReconnecting && m.status.Info() == "" && !m.bannerActive() && !m.pickerTicking() && !m.dialogs.Has(dialog.InboxID) && m.status.Conn().SyncAttempt == 0 && m.status.Conn().Unanswered.IsZero() {
		return nil
	}
	m.ticking = true
	return m.tick(clockInterval, clockMsg{})
}

// tickAt schedules msg for time at (at once when it passed) and sets
// *armed, the flag saying such a tick is pending; a zero at schedules
// nothing.
func (m *Model) tickAt(armed *bool, at time.Time, msg tea.Msg) tea.Cmd {
	if at.IsZero() {
		return nil
	}
	*armed = true
	return m.tick(max(at.Sub(m.com.Now()), 0), msg)
}

// earliest is the earlier of two times, a zero time counting as none.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// realTick delivers msg after d.
func realTick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}
