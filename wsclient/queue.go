package wsclient

import (
	"context"
	"strconv"
	"sync"

	"github.com/hermes/iris/frame"
)

// queue is the bounded event queue between the connection's reader and the
// consumer (Next).
//
// Coalescing: a message.update (keyed by lane and message_id, and queued
// undecoded: deferredUpdate) or tool.progress (keyed by lane and index)
// replaces, in place, a still-queued event with the same key, provided
// only such intermediate events were queued after it. Any other event ends every coalescing run, so an update never moves
// across a terminal or other frame: the consumer sees the wire order with
// some intermediate updates left out, and never loses a terminal frame.
//
// Backpressure: when the queue holds cap events, push blocks (the reader
// stops reading the socket, and TCP pushes back to the gateway) instead of
// dropping anything. A coalescing push never blocks. Time spent blocked does
// not count towards dead-connection detection (the read deadline is set
// right before each read).
type queue struct {
	mu     sync.Mutex
	ring   []Event
	keys   []string       // coalescing key of each slot ("" for none)
	index  map[string]int // key → slot of the coalescible event it names
	head   int
	n      int
	closed bool

	notEmpty chan struct{} // signalled after a push
	notFull  chan struct{} // signalled after a pop
}

func newQueue(capacity int) *queue {
	return &queue{
		ring:     make([]Event, capacity),
		keys:     make([]string, capacity),
		index:    map[string]int{},
		notEmpty: make(chan struct{}, 1),
		notFull:  make(chan struct{}, 1),
	}
}

// coalesceKey returns the key under which ev may be coalesced, or "". A
// message is named by its lane and id (the same id in another lane is
// another message), decoded or not.
func coalesceKey(ev Event) string {
	switch ev := ev.(type) {
	case *deferredUpdate:
		return updateKey(ev.head.Lane(), ev.messageID)
	case *FrameEvent:
		switch p := ev.Frame.Payload.(type) {
		case *frame.MessageUpdate:
			return updateKey(ev.Frame.Lane(), p.MessageID)
		case *frame.ToolProgress:
			return "p\x00" + ev.Frame.Lane().String() + "\x00" + strconv.Itoa(p.Index)
		}
	}
	return ""
}

// updateKey is the coalescing key of message id's updates in lane. The
// lane's parts are length-prefixed: ids may hold any character, so no
// separator could keep two messages apart.
func updateKey(lane frame.Lane, id string) string {
	return "u" + strconv.Itoa(len(lane.ChatID)) + ":" + lane.ChatID +
		strconv.Itoa(len(lane.ThreadID)) + ":" + lane.ThreadID + id
}

// push queues ev, blocking while the queue is full until done is closed
// (then it reports false and ev is dropped: the connection is going away).
func (q *queue) push(ev Event, done <-chan struct{}) bool {
	key := coalesceKey(ev)
	for {
		q.mu.Lock()
		if key != "" {
			if slot, ok := q.index[key]; ok {
				if d, ok := q.ring[slot].(*deferredUpdate); ok {
					d.release() // superseded unread
				}
				q.ring[slot] = ev
				q.mu.Unlock()
				return true
			}
		}
		if q.n < len(q.ring) {
			q.appendLocked(ev, key)
			space := q.n < len(q.ring)
			q.mu.Unlock()
			signal(q.notEmpty)
			if space {
				signal(q.notFull) // pass the wake-up on to another producer
			}
			return true
		}
		q.mu.Unlock()
		select {
		case <-q.notFull:
		case <-done:
			return false
		}
	}
}

// len returns how many events are queued.
func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n
}

// appendLocked stores ev at the tail; q.mu must be held and space free.
func (q *queue) appendLocked(ev Event, key string) {
	slot := (q.head + q.n) % len(q.ring)
	q.ring[slot], q.keys[slot] = ev, key
	q.n++
	if key == "" {
		clear(q.index)
		return
	}
	q.index[key] = slot
}

// pushFinal queues ev even when full (a handful of final state events after
// Run ended; the consumer must still see them).
func (q *queue) pushFinal(ev Event) {
	q.mu.Lock()
	if q.n == len(q.ring) {
		q.grow()
	}
	q.appendLocked(ev, "")
	q.mu.Unlock()
	signal(q.notEmpty)
}

// grow doubles the ring; q.mu must be held.
func (q *queue) grow() {
	ring := make([]Event, 2*len(q.ring)+1)
	keys := make([]string, len(ring))
	clear(q.index)
	for i := range q.n {
		slot := (q.head + i) % len(q.ring)
		ring[i], keys[i] = q.ring[slot], q.keys[slot]
	}
	q.ring, q.keys, q.head = ring, keys, 0
}

// pop takes the oldest event, waiting until there is one. It returns
// ErrClosed once the queue is closed and empty.
func (q *queue) pop(ctx context.Context) (Event, error) {
	evs, err := q.popBatch(ctx, 1)
	if err != nil {
		return nil, err
	}
	return evs[0], nil
}

// popBatch takes the oldest events, at least one and at most limit, in order,
// waiting until there is one. It returns ErrClosed once the queue is closed
// and empty.
func (q *queue) popBatch(ctx context.Context, limit int) ([]Event, error) {
	for {
		q.mu.Lock()
		if q.n > 0 {
			evs := make([]Event, min(q.n, max(limit, 1)))
			for i := range evs {
				evs[i] = q.takeLocked()
			}
			more := q.n > 0
			q.mu.Unlock()
			signal(q.notFull)
			if more {
				signal(q.notEmpty) // keep a second consumer awake
			}
			if evs = decodeTaken(evs); len(evs) > 0 {
				return evs, nil
			}
			continue
		}
		closed := q.closed
		q.mu.Unlock()
		if closed {
			return nil, ErrClosed
		}
		select {
		case <-q.notEmpty:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// decodeTaken replaces each deferred update among the taken events by its
// decoded event, in place, leaving out those that decode to nothing.
func decodeTaken(evs []Event) []Event {
	out := evs[:0]
	for _, ev := range evs {
		if d, ok := ev.(*deferredUpdate); ok {
			if ev = d.event(); ev == nil {
				continue
			}
		}
		out = append(out, ev)
	}
	return out
}

// takeLocked removes and returns the oldest event; q.mu is held and the
// queue is not empty.
func (q *queue) takeLocked() Event {
	slot := q.head
	ev := q.ring[slot]
	if k := q.keys[slot]; k != "" && q.index[k] == slot {
		delete(q.index, k)
	}
	q.ring[slot], q.keys[slot] = nil, ""
	q.head = (q.head + 1) % len(q.ring)
	q.n--
	return ev
}

// close makes pop return ErrClosed once the queue is drained.
func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	signal(q.notEmpty)
}

// signal wakes one waiter without blocking.
func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}
