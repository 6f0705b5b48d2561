package wsclient

import (
	"fmt"

	"github.com/hermes/iris/frame"
)

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
