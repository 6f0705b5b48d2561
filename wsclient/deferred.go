package wsclient

import (
	"fmt"
	"sync"

	"github.com/hermes/iris/frame"
)

// maxPooledRaw bounds the buffers rawPool keeps (a huge frame's bytes are
// left to the collector).
const maxPooledRaw = 1 << 20

// rawPool recycles the bytes of queued updates: a streamed answer sends its
// whole text in every update, and without it each update's copy of the
// read buffer is garbage the moment it is superseded or decoded.
var rawPool sync.Pool // of *[]byte

// keepRaw copies data (the read buffer) into a recycled buffer.
func keepRaw(data []byte) []byte {
	if b, ok := rawPool.Get().(*[]byte); ok {
		return append((*b)[:0], data...)
	}
	return append([]byte(nil), data...)
}

// release gives the update's bytes back to rawPool; the update is then
// never read again (it was superseded in the queue, or decoded: a decoded
// Frame holds copies, never the bytes themselves).
func (d *deferredUpdate) release() {
	if b := d.raw; b != nil && cap(b) <= maxPooledRaw {
		b = b[:0]
		rawPool.Put(&b)
	}
	d.raw = nil
}

// deferredUpdate is a message.update queued undecoded: the reader read its
// envelope, lane and message id (frame.PeekUpdate) and kept the raw bytes.
// A newer update for the same message that coalesces into its slot drops
// it unread; the one the consumer takes is decoded then (event), so decode
// cost follows what is shown, not what is sent. It never leaves the
// package: the queue hands out the FrameEvent it stands for.
type deferredUpdate struct {
	head      frame.Frame // envelope and lane, no payload
	messageID string
	raw       []byte
	s         *session
}

func (*deferredUpdate) isEvent() {}

// event decodes the update into its FrameEvent. A payload that does not
// decode becomes the ProtocolErrorEvent the reader would have queued (once
// per connection), or nil when that was already reported. Called by the
// consumer's goroutine.
func (d *deferredUpdate) event() Event {
	decodes.Add(1)
	f, err := frame.Decode(d.raw, frame.FromServer)
	d.release()
	if err != nil {
		err = fmt.Errorf("%w: %v", ErrMalformed, err)
		d.s.c.log.Warn("wsclient: frame skipped", "kind", "malformed", "err", err)
		if !d.s.firstReport("malformed") {
			return nil
		}
		return &ProtocolErrorEvent{Err: err}
	}
	d.s.c.fieldWarn.note(f)
	return &FrameEvent{Frame: f, Replayed: f.Cursor > 0}
}
