package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// Render pacing.
const (
	// flushInterval caps transcript re-renders while frames stream in
	// (about 30 per second).
	flushInterval = 33 * time.Millisecond
	// streamFlushInterval paces them while the transcript animates (an
	// answer streams, a tool runs): about 15 re-renders per second. Each
	// re-renders the answer's unfinished block and has the terminal
	// renderer redraw most rows (the bottom-anchored text moves up), so a
	// streaming answer costs half the CPU it did at flushInterval; keys
	// still echo within the renderer's frame (the transcript's drawing is
	// reused).
	streamFlushInterval = 66 * time.Millisecond
	spinInterval        = 120 * time.Millisecond
	clockInterval       = time.Second
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

// spinTick keeps the spinner turning while something animates.
func (s *screen) spinTick() tea.Cmd {
	if s.spinning || !s.animating() {
		return nil
	}
	s.spinning = true
	return s.tick(spinInterval, spinMsg{})
}

// handleSpin turns the spinner, or, while a transcript flush is pending,
// leaves the turn to it (spinDue): a streaming answer then costs one frame
// per flush, not a second one for the spinner (each frame has the terminal
// renderer parse and compare the whole screen). The flush comes within
// streamFlushInterval, so the spinner keeps its pace.
func (s *screen) handleSpin() tea.Cmd {
	s.spinning = false
	if s.flushing {
		s.spinDue = true
	} else {
		s.turnSpinner()
	}
	return s.spinTick()
}

// turnSpinner shows the spinner's next frame wherever it is on screen.
func (s *screen) turnSpinner() {
	s.spinDue = false
	s.spin = (s.spin + 1) % len(spinnerFrames)
	f := spinnerFrames[s.spin]
	if s.sidebarSpins() {
		s.panes.sidebar.SetSpinner(f)
	}
	if s.transcriptAnimates() {
		s.panes.transcript.SetSpinner(f)
		s.mark(needRedraw)
	}
}

// flushEvery is how long frames that changed the transcript wait for its
// re-render.
func (s *screen) flushEvery() time.Duration {
	if s.transcriptAnimates() {
		return streamFlushInterval
	}
	return flushInterval
}

// animating reports whether a spinner is on screen: in the transcript of
// the focused lane or beside a busy lane in the shown sidebar. Spinners
// nobody sees do not tick, so an idle screen costs no CPU.
func (s *screen) animating() bool {
	return s.transcriptAnimates() || s.sidebarSpins()
}

// sidebarSpins reports whether the sidebar is shown with a busy lane among
// its visible rows.
func (s *screen) sidebarSpins() bool {
	return s.layout.sidebar > 0 && s.panes.sidebar.ShowsSpinner()
}

// transcriptAnimates reports whether the focused lane shows the busy or
// typing line, a running tool or a bubble waiting for its first words.
func (s *screen) transcriptAnimates() bool {
	ln := s.com.Store.Lane(s.panes.transcript.Lane())
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
func (s *screen) clockTick() tea.Cmd {
	if s.ticking || s.panes.status.Conn().State != common.ConnReconnecting && s.panes.status.Info() == "" && !s.bannerActive() && !s.cards.pickerTicking() && !s.panes.dialogs.Has(dialog.InboxID) && s.panes.status.Conn().SyncAttempt == 0 && s.panes.status.Conn().Unanswered.IsZero() {
		return nil
	}
	s.ticking = true
	return s.tick(clockInterval, clockMsg{})
}

// tickAt schedules msg for time at (at once when it passed) and sets
// *armed, the flag saying such a tick is pending; a zero at schedules
// nothing.
func (s *screen) tickAt(armed *bool, at time.Time, msg tea.Msg) tea.Cmd {
	if at.IsZero() {
		return nil
	}
	*armed = true
	return s.tick(max(at.Sub(s.com.Now()), 0), msg)
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
