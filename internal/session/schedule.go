package session

import (
	"context"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// The store's reads for the reducer, made ahead. A front-end's event loop
// never reads the database: a store call that would read (a frame about a
// lane whose items were never read, about a message memory does not hold,
// a replayed message older than everything held; a send, a settle or a
// history page in a lane not read yet) is held, with every later one so
// that they keep their order, while Work makes the reads (store.AheadRead,
// on the store's writer goroutine); when they come back (an Ahead) the
// store takes them (UseAhead) and the held calls are made. A call that
// needs no read, as on the streaming path, is made at once when nothing is
// held.
//
// The scheduler is generic over what the front-end's calls return (C: a
// tea.Cmd for the TUI); Hooks are the front-end's part.

// Step is one held store call: a run of frames, another client event, or
// a call of the front-end's own with what it reads.
type Step[C any] struct {
	frames   []frame.Frame
	replayed []bool // parallel to frames, may be shorter (live)
	ev       wsclient.Event
	call     func() C
	need     func(*store.Reads) bool // what call reads (see store.NeedLane)
}

// Call is a step for a call of the front-end's own that reads what need
// says (need(nil) reports whether it must wait for a read).
func Call[C any](call func() C, need func(*store.Reads) bool) Step[C] {
	return Step[C]{call: call, need: need}
}

// Hooks are what the scheduler asks of its front-end.
type Hooks[C any] struct {
	// Applied hands on what a run of frames changed in the store.
	Applied func(chg store.Change, frames []frame.Frame) C
	// Event handles a client event other than a frame.
	Event func(ev wsclient.Event) C
	// Batch joins results.
	Batch func(cs ...C) C
	// Run runs a read ahead's Work; it brings back an Ahead.
	Run func(Work) C
}

// Scheduler is the queue of held store calls.
type Scheduler[C any] struct {
	e        *Engine
	h        Hooks[C]
	steps    []Step[C]
	reading  bool // an AheadRead is on its way
	draining bool // drain runs: steps added meanwhile wait for it
	tries    int  // reads made for the first step without it moving on
}

// NewScheduler builds the scheduler of e's store calls.
func NewScheduler[C any](e *Engine, h Hooks[C]) *Scheduler[C] { return &Scheduler[C]{e: e, h: h} }

// aheadTries is how many reads the first held step gets before it is made
// anyway (the store then reads what is missing itself): a stored row
// changing during each read makes it stale (store.UseAhead).
const aheadTries = 3

// Ahead brings back what a read ahead read; the front-end hands it to
// Scheduler.Ahead.
type Ahead struct{ ahead store.Ahead }

// Idle reports whether no store call is held or being made.
func (s *Scheduler[C]) Idle() bool { return len(s.steps) == 0 && !s.reading && !s.draining }

// Events makes the store calls of a batch of client events in arrival
// order: consecutive frames are applied together and handed on once;
// other events are handled in order between them. A batch of frames only
// while nothing is held (a streaming batch) is applied in place.
func (s *Scheduler[C]) Events(evs []wsclient.Event) C {
	if run, ok := framesOnly[C](evs); ok && s.Idle() {
		return s.reduceRun(run)
	}
	var steps []Step[C]
	for _, ev := range evs {
		fe, ok := ev.(*wsclient.FrameEvent)
		if !ok {
			steps = append(steps, Step[C]{ev: ev})
			continue
		}
		if len(steps) == 0 || steps[len(steps)-1].frames == nil {
			steps = append(steps, Step[C]{})
		}
		run := &steps[len(steps)-1]
		run.frames = append(run.frames, fe.Frame)
		run.replayed = append(run.replayed, fe.Replayed)
	}
	return s.Reduce(steps...)
}

// framesOnly returns the run of frames evs is, when it holds nothing else.
func framesOnly[C any](evs []wsclient.Event) (Step[C], bool) {
	run := Step[C]{frames: make([]frame.Frame, 0, len(evs)), replayed: make([]bool, 0, len(evs))}
	for _, ev := range evs {
		fe, ok := ev.(*wsclient.FrameEvent)
		if !ok {
			return Step[C]{}, false
		}
		run.frames = append(run.frames, fe.Frame)
		run.replayed = append(run.replayed, fe.Replayed)
	}
	return run, len(run.frames) > 0
}

// Reduce makes the store calls of steps, in order after those held, at
// once while none needs a read.
func (s *Scheduler[C]) Reduce(steps ...Step[C]) C {
	if len(s.steps) == 0 {
		s.steps = steps
	} else {
		s.steps = append(s.steps, steps...)
	}
	if s.reading || s.draining {
		var none C
		return none
	}
	return s.drain()
}

// OnLane is a step for a call that brings lane l into memory first (a
// send, a settle).
func (s *Scheduler[C]) OnLane(l frame.Lane, call func() C) Step[C] {
	st := s.e.st
	return Step[C]{call: call, need: func(r *store.Reads) bool { return st.NeedLane(r, l) }}
}

// reduceRun is Reduce for one run of frames while nothing is held: it
// applies them in place, and holds only what follows a frame that needs
// a read.
func (s *Scheduler[C]) reduceRun(run Step[C]) C {
	n, c := s.applyFrames(run.frames, run.replayed, false)
	if n == len(run.frames) {
		return c
	}
	run.frames, run.replayed = run.frames[n:], run.replayed[n:]
	return s.h.Batch(c, s.Reduce(run))
}

// Ahead installs a read made ahead and makes the calls held for it.
func (s *Scheduler[C]) Ahead(a Ahead) C {
	s.reading = false
	s.e.st.UseAhead(a.ahead)
	return s.drain()
}

// drain makes the held calls in order until one needs a read, which it
// starts.
func (s *Scheduler[C]) drain() C {
	s.draining = true
	defer func() { s.draining = false }()
	var cs []C
	for len(s.steps) > 0 {
		st := s.steps[0] // a call may hold more steps meanwhile (Reduce)
		c, done := s.take(&st, s.tries >= aheadTries)
		cs = append(cs, c)
		if !done {
			s.steps[0] = st
			return s.h.Batch(append(cs, s.readAhead())...)
		}
		s.steps = s.steps[1:]
	}
	s.steps = nil
	s.e.st.DoneAhead()
	return s.h.Batch(cs...)
}

// take makes step st's calls while they need no read (the first of them
// regardless with force); done when all are made.
func (s *Scheduler[C]) take(st *Step[C], force bool) (C, bool) {
	var none C
	switch {
	case st.frames != nil:
		n, c := s.applyFrames(st.frames, st.replayed, force)
		if n > 0 {
			s.tries = 0
		}
		st.frames = st.frames[n:]
		st.replayed = st.replayed[min(n, len(st.replayed)):]
		return c, len(st.frames) == 0
	case st.call != nil:
		if !force && st.need(nil) {
			return none, false
		}
		s.tries = 0
		return st.call(), true
	}
	return s.h.Event(st.ev), true
}

// readAhead starts the read of what the held steps need.
func (s *Scheduler[C]) readAhead() C {
	var r store.Reads
	for _, st := range s.steps {
		for i, f := range st.frames {
			s.e.st.NeedFrame(&r, f, i < len(st.replayed) && st.replayed[i])
		}
		if st.call != nil {
			st.need(&r)
		}
	}
	s.reading = true
	s.tries++
	rd := s.e.st.ReadAhead(&r)
	if rd == nil { // nothing to read after all: the next drain makes the call
		s.tries = aheadTries
		return s.h.Run(func(context.Context) any { return Ahead{} })
	}
	return s.h.Run(func(context.Context) any { return Ahead{rd.Read()} })
}

// Flush makes every held call at once, for a quit: a message typed into a
// lane whose items are still on their way is stored, not lost (the store
// reads what it needs on this goroutine, the app is leaving).
func (s *Scheduler[C]) Flush() {
	s.tries = aheadTries
	for len(s.steps) > 0 {
		st := s.steps[0]
		if _, done := s.take(&st, true); done {
			s.steps = s.steps[1:]
		} else {
			s.steps[0] = st
		}
	}
}

// Apply applies f, a frame of a kind that never needs the database read
// first (hello.ack, sync.done, channel.created), and hands the change on.
func (s *Scheduler[C]) Apply(f frame.Frame) C {
	_, c := s.applyFrames([]frame.Frame{f}, nil, true)
	return c
}

// applyFrames applies frames in order up to the first that would read the
// database (that one too with force), notes what they say of running
// turns (reconciliation), hands the change on once, and returns how many
// it applied.
func (s *Scheduler[C]) applyFrames(frames []frame.Frame, replayed []bool, force bool) (int, C) {
	st := s.e.st
	var chg store.Change
	n := 0
	for ; n < len(frames); n++ {
		rep := n < len(replayed) && replayed[n]
		if !(force && n == 0) && st.NeedFrame(nil, frames[n], rep) {
			break
		}
		chg.Merge(st.Apply(frames[n], rep))
	}
	if n == 0 {
		var none C
		return 0, none
	}
	for i, f := range frames[:n] {
		s.e.recon.Note(f, i >= len(replayed) || !replayed[i])
	}
	return n, s.h.Applied(chg, frames[:n])
}
