package wsclient

import (
	"context"
	"time"

	"github.com/hermes/iris/frame"
)

// sendSync sends sync from the connection's start cursor under a fresh id.
func (s *session) sendSync() error {
	id := s.c.nextID.Add(1)
	s.syncID.Store(id)
	return s.write(frame.Frame{ID: id, Type: frame.TypeSync, Payload: &frame.Sync{Cursor: s.syncFrom}})
}

// syncFailed handles an `error` answering the sync in flight: it reports a
// SyncFailedEvent and sends sync again after the reconnect backoff for the
// number of failures in a row (the connection itself stays up). Frames a
// failed sync replayed before its error are deduplicated as usual when the
// retry replays them again.
func (s *session) syncFailed(ctx context.Context, e *frame.Error) {
	s.syncFails++
	delay := s.c.cfg.Timing.backoff(s.syncFails)
	s.c.log.Warn("wsclient: sync failed; retrying", "err", e, "attempt", s.syncFails, "retry_in", delay)
	s.c.q.push(&SyncFailedEvent{Err: e, Attempt: s.syncFails, Delay: delay, RetryAt: time.Now().Add(delay)}, ctx.Done())
	go func() {
		t := time.NewTimer(delay)
		defer t.Stop()
		select {
		case <-t.C:
			s.sendSync() // a failed write ends the connection, which reconnects
		case <-s.done:
		}
	}()
}
