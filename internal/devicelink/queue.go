package devicelink

import (
	"context"
	"sync"

	"github.com/hermes/iris/wsclient"
)

// queue holds the events for this process's consumer, in order. It does
// not bound them: the holder's pump must never wait on one slow process
// (an attacher that falls far behind is cut off instead, see peer).
type queue struct {
	mu     sync.Mutex
	evs    []wsclient.Event
	wake   chan struct{} // closed and replaced when an event arrives or the queue closes
	closed bool
}

func newQueue() *queue { return &queue{wake: make(chan struct{})} }

func (q *queue) push(ev wsclient.Event) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	q.evs = append(q.evs, ev)
	close(q.wake)
	q.wake = make(chan struct{})
}

// close lets the consumer take what is queued, then ErrClosed.
func (q *queue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.closed = true
		close(q.wake)
	}
}

// pop takes up to limit events, waiting for the first.
func (q *queue) pop(ctx context.Context, limit int) ([]wsclient.Event, error) {
	for {
		q.mu.Lock()
		if n := min(len(q.evs), limit); n > 0 {
			out := make([]wsclient.Event, n)
			copy(out, q.evs)
			q.evs = q.evs[n:]
			q.mu.Unlock()
			return out, nil
		}
		if q.closed {
			q.mu.Unlock()
			return nil, wsclient.ErrClosed
		}
		wake := q.wake
		q.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
