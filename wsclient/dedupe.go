package wsclient

import "github.com/hermes/iris/frame"

// finishedCap bounds how many finished message ids the client remembers.
const finishedCap = 8192

// dedupe drops replayed frames the consumer has already seen, so a replay
// that repeats live frames (or an earlier replay) never applies twice:
//
//   - a replayed frame whose cursor is at or below the highest cursor
//     already delivered or synced in this process is a repeat;
//   - a replayed message, message.start, message.update, message.stop or
//     commentary of a message already seen finished (message or
//     message.stop, live or replayed) in the same lane is a repeat:
//     re-applying it would regress a final bubble to a streaming one.
//
// Messages are keyed by lane and message id: the spec does not say that
// ids are unique across a gateway's lanes, and the store keeps messages per
// lane, so the same id in another lane is another message.
//
// Frames without an identity (typing, agent.busy, tool events, ...) pass
// through; the store applies them idempotently.
//
// A Dedupe is used by one goroutine at a time: the reader of the Client
// that owns it, or a relay (devicelink) passing events from another
// process, which hands it to the Client it starts on a takeover
// (Config.Dedupe) so that the new connection knows what was delivered.
type Dedupe struct {
	high     int64
	finished map[msgKey]struct{}
	order    []msgKey // FIFO of finished messages, for eviction
}

// msgKey names one message: its lane and its id.
type msgKey struct {
	lane frame.Lane
	id   string
}

// NewDedupe returns a Dedupe that has seen nothing.
func NewDedupe() *Dedupe {
	return &Dedupe{finished: map[msgKey]struct{}{}}
}

// Repeat records ev, an event relayed from another Client of the same
// device, as delivered, and reports whether it repeats one already
// delivered (by the rules above); only replayed frames can.
func (d *Dedupe) Repeat(ev Event) bool {
	switch ev := ev.(type) {
	case *FrameEvent:
		k, final := messageIdentity(ev.Frame)
		if ev.Frame.Cursor > 0 {
			return d.replayed(ev.Frame.Cursor, k, final)
		}
		if final {
			d.finish(k)
		}
	case *CursorEvent:
		d.syncDone(ev.Cursor)
	case *CursorResetEvent:
		d.rewind(ev.Gateway)
	}
	return false
}

// Cursor is the highest cursor delivered or synced.
func (d *Dedupe) Cursor() int64 { return d.high }

// startSync notes the cursor a sync starts from: nothing at or below it can
// be new.
func (d *Dedupe) startSync(cursor int64) {
	d.high = max(d.high, cursor)
}

// rewind forgets the cursors above cursor after the gateway went back to
// it: replayed frames are told apart by cursor from there on, and still by
// lane and message id for messages already finished.
func (d *Dedupe) rewind(cursor int64) {
	d.high = cursor
}

// syncDone notes the cursor a sync reached and returns the cursor to report.
func (d *Dedupe) syncDone(cursor int64) int64 {
	d.high = max(d.high, cursor)
	return d.high
}

// replayed records a replayed frame at cursor, of message k (id "" for
// none) which it finishes when final, and reports whether it is a repeat.
func (d *Dedupe) replayed(cursor int64, k msgKey, final bool) bool {
	if cursor <= d.high {
		return true
	}
	d.high = cursor
	if k.id == "" {
		return false
	}
	if _, seen := d.finished[k]; seen {
		return true
	}
	if final {
		d.finish(k)
	}
	return false
}

// finish records message k as finished (a live or replayed message or
// message.stop).
func (d *Dedupe) finish(k msgKey) {
	if _, ok := d.finished[k]; ok || k.id == "" {
		return
	}
	d.finished[k] = struct{}{}
	d.order = append(d.order, k)
	if len(d.order) > finishedCap {
		delete(d.finished, d.order[0])
		d.order = d.order[1:]
	}
}

// messageIdentity returns the message a frame belongs to (id "" for none)
// and whether the frame finishes that message.
func messageIdentity(f frame.Frame) (k msgKey, final bool) {
	switch f.Payload.(type) {
	case *frame.Message, *frame.MessageStop:
		final = true
	}
	return msgKey{lane: f.Lane(), id: f.MessageID()}, final
}
