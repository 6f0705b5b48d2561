package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/wsclient"
)

// The store's reads for the reducer, made ahead. Update never reads the
// database: a store call that would read (a frame about a lane whose items
// were never read, about a message memory does not hold, a replayed
// message older than everything held; a send, a settle or a history page
// in a lane not read yet) is held, with every later one so that they keep
// their order, while a tea.Cmd makes the reads (store.AheadRead, on the
// store's writer goroutine); when they come back (aheadMsg) the store
// takes them (UseAhead) and the held calls are made. A call that needs no
// read, as on the streaming path, is made at once when nothing is held.

// step is one held store call: a run of frames, another client event, or
// a call of the root's own with what it reads.
type step struct {
	frames   []frame.Frame
	replayed []bool // parallel to frames, may be shorter (live)
	ev       wsclient.Event
	call     func() tea.Cmd
	need     func(*store.Reads) bool // what call reads (see store.NeedLane)
}

// heldSteps is the queue of held store calls.
type heldSteps struct {
	steps    []step
	reading  bool // an AheadRead is on its way
	draining bool // drain runs: steps added meanwhile wait for it
	tries    int  // reads made for the first step without it moving on
}

// aheadTries is how many reads the first held step gets before it is made
// anyway (the store then reads what is missing itself): a stored row
// changing during each read makes it stale (store.UseAhead).
const aheadTries = 3

// aheadMsg brings back what an AheadRead read.
type aheadMsg struct{ ahead store.Ahead }

// reduce makes the store calls of steps, in order after those held, at
// once while none needs a read.
func (m *Model) reduce(steps ...step) tea.Cmd {
	if len(m.held.steps) == 0 {
		m.held.steps = steps
	} else {
		m.held.steps = append(m.held.steps, steps...)
	}
	if m.held.reading || m.held.draining {
		return nil
	}
	return m.drain()
}

// idle reports whether no store call is held or being made.
func (h *heldSteps) idle() bool { return len(h.steps) == 0 && !h.reading && !h.draining }

// reduceRun is reduce for one run of frames while nothing is held (a
// streaming batch): it applies them in place, and holds only what follows
// a frame that needs a read.
func (m *Model) reduceRun(run step) tea.Cmd {
	n, cmd := m.applyFrames(run.frames, run.replayed, false)
	if n == len(run.frames) {
		return cmd
	}
	run.frames, run.replayed = run.frames[n:], run.replayed[n:]
	return tea.Batch(cmd, m.reduce(run))
}

// onLane is a step for a call that brings lane l into memory first (a
// send, a settle).
func (m *Model) onLane(l frame.Lane, call func() tea.Cmd) step {
	return step{call: call, need: func(r *store.Reads) bool { return m.st.NeedLane(r, l) }}
}

// handleAhead installs a read made ahead and makes the calls held for it.
func (m *Model) handleAhead(msg aheadMsg) tea.Cmd {
	m.held.reading = false
	m.st.UseAhead(msg.ahead)
	return m.drain()
}

// drain makes the held calls in order until one needs a read, which it
// starts.
func (m *Model) drain() tea.Cmd {
	m.held.draining = true
	defer func() { m.held.draining = false }()
	var cmds []tea.Cmd
	for len(m.held.steps) > 0 {
		s := m.held.steps[0] // a call may hold more steps meanwhile (reduce)
		cmd, done := m.take(&s, m.held.tries >= aheadTries)
		cmds = append(cmds, cmd)
		if !done {
			m.held.steps[0] = s
			return tea.Batch(append(cmds, m.readAhead())...)
		}
		m.held.steps = m.held.steps[1:]
	}
	m.held.steps = nil
	m.st.DoneAhead()
	return tea.Batch(cmds...)
}

// take makes step s's calls while they need no read (the first of them
// regardless with force); done when all are made.
func (m *Model) take(s *step, force bool) (tea.Cmd, bool) {
	switch {
	case s.frames != nil:
		n, cmd := m.applyFrames(s.frames, s.replayed, force)
		if n > 0 {
			m.held.tries = 0
		}
		s.frames = s.frames[n:]
		s.replayed = s.replayed[min(n, len(s.replayed)):]
		return cmd, len(s.frames) == 0
	case s.call != nil:
		if !force && s.need(nil) {
			return nil, false
		}
		m.held.tries = 0
		return s.call(), true
	}
	return m.handleClientEvent(s.ev), true
}

// readAhead starts the read of what the held steps need.
func (m *Model) readAhead() tea.Cmd {
	var r store.Reads
	for _, s := range m.held.steps {
		for i, f := range s.frames {
			m.st.NeedFrame(&r, f, i < len(s.replayed) && s.replayed[i])
		}
		if s.call != nil {
			s.need(&r)
		}
	}
	m.held.reading = true
	m.held.tries++
	rd := m.st.ReadAhead(&r)
	if rd == nil { // nothing to read after all: the next drain makes the call
		m.held.tries = aheadTries
		return func() tea.Msg { return aheadMsg{} }
	}
	return func() tea.Msg { return aheadMsg{rd.Read()} }
}

// flushHeld makes every held call at once, for a quit: a message typed
// into a lane whose items are still on their way is stored, not lost (the
// store reads what it needs on this goroutine, the app is leaving).
func (m *Model) flushHeld() {
	m.held.tries = aheadTries
	for len(m.held.steps) > 0 {
		s := m.held.steps[0]
		if _, done := m.take(&s, true); done {
			m.held.steps = m.held.steps[1:]
		} else {
			m.held.steps[0] = s
		}
	}
}

// applyFrames applies frames in order up to the first that would read the
// database (that one too with force), hands the change on once, and
// returns how many it applied.
func (m *Model) applyFrames(frames []frame.Frame, replayed []bool, force bool) (int, tea.Cmd) {
	var chg store.Change
	n := 0
	for ; n < len(frames); n++ {
		rep := n < len(replayed) && replayed[n]
		if !(force && n == 0) && m.st.NeedFrame(nil, frames[n], rep) {
			break
		}
		chg.Merge(m.st.Apply(frames[n], rep))
	}
	if n == 0 {
		return 0, nil
	}
	m.noteFrames(frames[:n], replayed[:min(n, len(replayed))])
	return n, m.applyChange(chg, frames[:n])
}
