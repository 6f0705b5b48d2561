package wsclient

import (
	"sync"
	"sync/atomic"
	"time"
)

// silence tracks whether the gateway answers. The reader stamps listening
// with the time it began waiting for the next message (and again on every
// ping or pong received); from a message's first bytes until it was
// handled (waits on a full event queue included) listening is 0, which
// never counts as silence. A ping is unanswered when, PingGrace after it
// went out, the reader is still waiting since before it.
type silence struct {
	listening atomic.Int64 // UnixNano; 0 while a message is being handled
	mu        sync.Mutex   // orders the SilenceEvents of one connection
	reported  bool         // a SilenceEvent without Over is the latest one
}

// listen records that the reader waits (again) from now on and returns the
// read deadline that declares the connection dead.
func (s *session) listen() time.Time {
	now := time.Now()
	s.quiet.listening.Store(now.UnixNano())
	s.answered()
	return now.Add(s.c.cfg.Timing.DeadAfter)
}

// busy records that a message is arriving or being handled.
func (s *session) busy() { s.quiet.listening.Store(0) }

// checkAnswered reports a SilenceEvent when nothing arrived since the ping
// sent at pingAt.
func (s *session) checkAnswered(pingAt time.Time) {
	since := s.quiet.listening.Load()
	if since == 0 || since > pingAt.UnixNano() {
		return
	}
	q := &s.quiet
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.reported || q.listening.Load() != since {
		return
	}
	q.reported = true
	now := time.Now()
	ev := &SilenceEvent{Unanswered: now.Sub(pingAt), DeadIn: time.Unix(0, since).Add(s.c.cfg.Timing.DeadAfter).Sub(now)}
	s.c.log.Warn("wsclient: the gateway does not answer", "unanswered", ev.Unanswered, "dead_in", ev.DeadIn)
	s.c.q.push(ev, s.done)
}

// answered reports the end of a silence already reported.
func (s *session) answered() {
	q := &s.quiet
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.reported {
		return
	}
	q.reported = false
	s.c.q.push(&SilenceEvent{Over: true}, s.done)
}
