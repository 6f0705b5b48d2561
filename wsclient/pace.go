package wsclient

import (
	"context"
	"time"

	"github.com/hermes/iris/frame"
)

// readAhead is how long before the consumer's next batch a paused reader
// resumes, to read what arrived meanwhile before the batch is taken.
const readAhead = 3 * time.Millisecond

// pauseAfter is how long the reader holds back after it queued the
// message.update head while the consumer paces its batches
// (Config.BatchEvery): until readAhead before the next batch is due.
// Nothing read meanwhile could reach the consumer sooner, and the updates
// a streaming answer sends in between (one every few milliseconds, each
// with the whole text so far) wait in the socket and are read together, in
// a few system calls and one wake-up per batch instead of one per update;
// the superseded ones are still never decoded. A reply to a request that
// arrives meanwhile is resolved up to one batch interval later. A replayed
// update (a catch-up) is never paced, nor is a reader whose consumer is
// late (its batch already due), so the reader pauses at most once per
// batch.
func (s *session) pauseAfter(head frame.Frame) time.Duration {
	if head.Cursor != 0 {
		return 0
	}
	return max(s.c.untilBatch()-readAhead, 0)
}

// pause waits d, or until the session or ctx ends.
func (s *session) pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-s.done:
	case <-ctx.Done():
	}
}
