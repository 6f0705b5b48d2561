package wsclient

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/hermes/iris/frame"
)

// responseOnly lists the types that only answer a request: they go to the
// Request caller and never become FrameEvents (a late one is dropped).
var responseOnly = map[string]bool{
	frame.TypeHistory:          true,
	frame.TypeSearchResults:    true,
	frame.TypeCommandsCatalog:  true,
	frame.TypeCommandsComplete: true,
	frame.TypeMediaUploadAck:   true,
	frame.TypeMediaPull:        true,
	frame.TypeMediaPullEnd:     true,
	frame.TypePong:             true,
	frame.TypeSyncDone:         true,
	frame.TypeError:            true,
}

// decodes counts the received frames fully decoded (frame.Decode): every
// frame at once but message.updates, which are decoded when the consumer
// takes them (deferredUpdate). The decode benchmark reads it.
var decodes atomic.Int64

// handleText decodes one JSON frame and routes it. A message.update is
// only peeked at and queued undecoded (deferredUpdate).
func (s *session) handleText(ctx context.Context, data []byte) {
	s.tap(false, data)
	if head, id, ok := frame.PeekUpdate(data); ok {
		d := &deferredUpdate{head: head, messageID: id, raw: keepRaw(data), s: s} // data is the read buffer
		if s.deliver(ctx, head, msgKey{lane: head.Lane(), id: id}, false, d) {
			s.pause(ctx, s.pauseAfter(head))
		} else {
			d.release() // not queued: never read
		}
		return
	}
	decodes.Add(1)
	f, err := frame.Decode(data, frame.FromServer)
	if err != nil {
		s.badFrame(ctx, f, err)
		return
	}
	s.c.fieldWarn.note(f)
	s.dispatch(ctx, f)
}

// badFrame reports a frame that did not decode. If its envelope named a
// pending request, that request fails now instead of timing out.
func (s *session) badFrame(ctx context.Context, f frame.Frame, err error) {
	var ve *frame.VersionError
	if errors.As(err, &ve) {
		s.protocolError(ctx, "version", err)
		return
	}
	err = fmt.Errorf("%w: %v", ErrMalformed, err)
	if f.ID != 0 {
		if ps := s.pullFor(f.ID); ps != nil {
			s.routePull(ps, pullItem{err: err, last: true})
		} else {
			s.resolve(f.ID, result{err: err})
		}
	}
	s.protocolError(ctx, "malformed", err)
}

// dispatch routes a decoded frame: to a pending request, to the media pull
// in progress, into the cursor bookkeeping, and into the event queue.
func (s *session) dispatch(ctx context.Context, f frame.Frame) {
	if f.ID != 0 && f.ID == s.syncID.Load() {
		switch p := f.Payload.(type) {
		case *frame.SyncDone:
			s.syncDone(ctx, f)
			return
		case *frame.Error:
			s.syncFailed(ctx, p)
			return
		}
	}
	answered := false
	if f.ID != 0 {
		if ps := s.pullFor(f.ID); ps != nil {
			last := f.Type == frame.TypeMediaPullEnd || f.Type == frame.TypeError
			s.routePull(ps, pullItem{f: f, last: last})
			return
		}
		answered = s.resolve(f.ID, result{f: f})
		_, unknown := f.Payload.(*frame.Unknown)
		if responseOnly[f.Type] || (answered && unknown) {
			if !answered {
				s.c.log.Debug("wsclient: late or unknown response dropped", "type", f.Type, "id", f.ID)
			}
			return
		}
	} else if f.Type == frame.TypePong {
		return
	}
	if f.Unrouted() && answered {
		return // an answer's lane is its request's: the caller has it
	}
	k, final := messageIdentity(f)
	if !s.deliver(ctx, f, k, final, &FrameEvent{Frame: f, Replayed: f.Cursor > 0}) {
		return
	}
	if st, ok := f.Payload.(*frame.Status); ok && st.State == frame.StateRestarting {
		s.restarting = true
	}
}

// deliver queues ev, the event of frame f (whose payload may not be
// decoded yet: k and final name its message), unless f names no lane or
// is a replayed repeat; it reports whether ev was queued.
func (s *session) deliver(ctx context.Context, f frame.Frame, k msgKey, final bool, ev Event) bool {
	if f.Unrouted() {
		s.c.fieldWarn.unrouted(f)
		return false
	}
	if f.Cursor > 0 {
		if s.c.dedupe.replayed(f.Cursor, k, final) {
			return false
		}
	} else if final {
		s.c.dedupe.finish(k)
	}
	return s.c.q.push(ev, ctx.Done())
}

// syncDone records the cursor reached and queues a CursorEvent behind the
// replayed frames it covers.
func (s *session) syncDone(ctx context.Context, f frame.Frame) {
	cur := s.c.dedupe.syncDone(f.Payload.(*frame.SyncDone).Cursor)
	s.c.reached, s.c.synced = cur, true
	s.syncFails = 0
	s.c.q.push(&CursorEvent{Cursor: cur}, ctx.Done())
}

// resolve completes the pending request id with r; it reports whether one
// was waiting.
func (s *session) resolve(id int64, r result) bool {
	s.mu.Lock()
	ch := s.pending[id]
	delete(s.pending, id)
	s.mu.Unlock()
	if ch == nil {
		return false
	}
	if r.err == nil {
		if e, ok := r.f.Payload.(*frame.Error); ok {
			r.err = e
		}
	}
	ch <- r
	return true
}

// register makes id a pending request; false when the session has ended.
func (s *session) register(id int64) (chan result, bool) {
	ch := make(chan result, 1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		return nil, false
	}
	s.pending[id] = ch
	return ch, true
}

// unregister withdraws a pending request; false when it was already
// resolved (its result is then in the channel).
func (s *session) unregister(id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pending[id]; !ok {
		return false
	}
	delete(s.pending, id)
	return true
}

// handleBinary hands a binary frame to the pull in progress.
func (s *session) handleBinary(ctx context.Context, data []byte) {
	s.mu.Lock()
	ps := s.pull
	s.mu.Unlock()
	if ps == nil {
		s.protocolError(ctx, "binary", fmt.Errorf("%w (%d bytes), skipped", ErrUnexpectedBinary, len(data)))
		return
	}
	s.routePull(ps, pullItem{chunk: append([]byte(nil), data...)})
}
