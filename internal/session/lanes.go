package session

import (
	"context"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Requests about a lane's contents: history pages, deleting a message,
// creating a channel, read receipts. Each is Work; what it brings back the
// front-end applies (a history page through the scheduler, a deletion as
// the broadcast it stands for).

// HistoryPage is how many messages one history request asks for.
const HistoryPage = 50

// Request is the work of request f; done maps its answer (a Reply, a
// Notice, Events or the front-end's own message).
func (e *Engine) Request(f frame.Frame, done func(frame.Frame, error) any) Work {
	c, timeout := e.opts.Conn, e.opts.RequestTimeout
	return func(ctx context.Context) any { return done(Request(ctx, c, timeout, f)) }
}

// History is the answer to a history request for Lane.
type History struct {
	Lane   frame.Lane
	Before string
	Resp   frame.Frame
	Err    error
}

// Needs says what applying the page reads (store.NeedHistory): the
// front-end makes it wait for that (Scheduler.Reduce with Call).
func (h History) Needs(st *store.State) func(*store.Reads) bool {
	return func(r *store.Reads) bool {
		p, ok := h.Resp.Payload.(*frame.History)
		return h.Err == nil && ok && st.NeedHistory(r, h.Lane, p)
	}
}

// History is the work of a history request for lane l; it brings back a
// History.
func (e *Engine) History(l frame.Lane, req *frame.HistoryRequest) Work {
	before := req.BeforeMessageID
	return e.Request(LaneFrame(frame.TypeHistory, l, req), func(resp frame.Frame, err error) any {
		return History{Lane: l, Before: before, Resp: resp, Err: err}
	})
}

// Events are client events a request's answer stands for (message.deleted
// answering message.delete): the front-end applies them as it applies the
// connection's (Scheduler.Events).
type Events []Event

// Delete is the work of message.delete f: the gateway's message.deleted
// answer comes back as the broadcast it stands for (it may not come back
// to this device), a failure as a Failed. An answer naming no lane is
// about the request's (like a history page): that is no guess.
func (e *Engine) Delete(f frame.Frame) Work {
	return e.Request(f, func(resp frame.Frame, err error) any {
		if err != nil {
			return Failed{What: "deleting the message", Err: err}
		}
		if resp.Type == frame.TypeMessageDeleted {
			if resp.Unrouted() {
				resp.ChatID, resp.ThreadID = f.ChatID, f.ThreadID
			}
			return Events{&FrameEvent{Frame: resp}}
		}
		return Notice{Text: "message deleted"}
	})
}

// ChannelCreated is the gateway's new channel or thread, answering a
// channel.create.
type ChannelCreated struct{ Channel *frame.Channel }

// CreateChannel is the work of channel.create f: the answer comes back as
// a ChannelCreated (nothing for an answer that names no channel), a
// failure as a Failed quoting the name the user typed.
func (e *Engine) CreateChannel(f frame.Frame) Work {
	return e.Request(f, func(resp frame.Frame, err error) any {
		if err != nil {
			return Failed{What: frame.TypeChannelCreate, Err: err, Text: TypedText(f)}
		}
		if ch, ok := resp.Payload.(*frame.Channel); ok && ch.ChatID != "" {
			return ChannelCreated{Channel: ch}
		}
		return nil
	})
}

// Receipts is the work of telling the gateway the user has seen the final
// messages among frames that arrived live in lane l (a sync replay is
// acknowledged once, at its end: ReadNewest); nil when there are none or
// the connection is down.
func (e *Engine) Receipts(frames []frame.Frame, l frame.Lane) Work {
	if !e.Online() {
		return nil
	}
	var out []frame.Frame
	for _, f := range frames {
		if f.Cursor > 0 {
			continue // replayed
		}
		var id string
		switch p := f.Payload.(type) {
		case *frame.Message:
			if p.Role != frame.RoleUser {
				id = p.MessageID
			}
		case *frame.MessageStop:
			id = p.MessageID
		}
		if id != "" && f.Lane() == l {
			out = append(out, receipt(l, id))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return e.SendFrames(out...)
}

// receiptScan is how many of a lane's newest items ReadNewest looks at.
const receiptScan = 30

// ReadNewest is the work of reporting lane l's newest final message from
// the agent read; nil when there is none or the connection is down.
func (e *Engine) ReadNewest(l frame.Lane) Work {
	ln := e.st.Lane(l)
	if ln == nil || !e.Online() {
		return nil
	}
	for i := ln.Len() - 1; i >= max(ln.Len()-receiptScan, 0); i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.ID != "" && it.Msg.Role != frame.RoleUser && !it.Msg.Streaming {
			return e.SendFrames(receipt(l, it.Msg.ID))
		}
	}
	return nil
}

func receipt(l frame.Lane, id string) frame.Frame {
	return frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{
		ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), MessageID: id}}
}
