package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Sending: every message the user sends is stored first, in the store's
// outgoing queue (persisted before anything goes out), and Flush sends
// what the queue policy lets go: to lanes whose agent is idle, or at once
// when the gateway decides; a message that starts a new thread goes at
// once; a steer goes into the running turn (steer.go). Each send's answer
// comes back as a Sent, which marks the message sent (✓), queued again,
// failed or of unknown delivery.

// Busy is what text sent while a lane's agent is busy does (the TUI's
// busy-input setting).
type Busy struct {
	// Steer: it steers the running turn (agent.steer).
	Steer bool
	// Wait: a message waits for the next turn; else it goes at once for
	// the gateway to decide.
	Wait bool
}

// ErrNoLane is Send's error for a lane the directory no longer has.
var ErrNoLane = errors.New("this channel no longer exists")

// Send stores text as a message to lane l (its items in memory, so that
// it goes after them: see the front-end's read-ahead), durably before it
// returns; auto asks the gateway for a new thread (auto_thread). While the
// agent is busy it is a steer when busy says so (never one that asks for
// a thread). The Result's change makes Flush send it.
func (e *Engine) Send(l frame.Lane, text string, auto bool, busy Busy) (Result, error) {
	ln := e.st.Lane(l)
	id := e.ids.Next()
	var added *store.Message
	if ln != nil && ln.Busy && busy.Steer && !auto {
		added = e.st.AddSteer(l, text, id)
	} else {
		added = e.st.AddOutgoing(l, text, id, "", nil)
	}
	r, err := e.queued(l, added)
	if err == nil && auto {
		e.auto[id] = true
	}
	return r, err
}

// SendMessage stores text, with the media refs of its uploaded
// attachments, as a message to lane l, like Send but never a steer nor
// one asking for a thread: it goes when Flush lets it (at once with a
// Busy that does not wait). It returns the message's client_msg_id, by
// which its echo is found (store.State.EchoOf) and its Sent answers it.
func (e *Engine) SendMessage(l frame.Lane, text string, refs []string) (string, Result, error) {
	id := e.ids.Next()
	r, err := e.queued(l, e.st.AddOutgoing(l, text, id, "", refs))
	return id, r, err
}

// queued ends a send: the message added to lane l's queue (nil: the lane
// is gone) is made durable, and the change that makes Flush send it is
// returned.
func (e *Engine) queued(l frame.Lane, added *store.Message) (Result, error) {
	if added == nil {
		return Result{}, ErrNoLane
	}
	e.st.Durable()() // the front-end's input is empty now: the text is on disk first
	return Result{Change: store.Change{Lanes: []frame.Lane{l}, Outgoing: true}}, nil
}

// Resend puts lane l's failed and delivery-unknown messages back in the
// queue; the user asked, so a message of unknown fate may go twice. It
// returns how many.
func (e *Engine) Resend(l frame.Lane) (Result, int) {
	n := 0
	for _, o := range e.st.Outgoing() {
		if o.Lane == l && (o.Delivery == store.DeliveryFailed || o.Delivery == store.DeliveryUnknown) {
			e.st.SetDelivery(o.ClientMsgID, store.DeliveryQueued)
			n++
		}
	}
	if n == 0 {
		return Result{}, 0
	}
	return Result{Change: store.Change{Lanes: []frame.Lane{l}, Outgoing: true}}, n
}

// Online reports whether the connection is up (Connected) and there is
// one: Flush sends only then.
func (e *Engine) Online() bool { return e.online && e.opts.Conn != nil }

// Flush sends queued messages, in order, while online: one per lane per
// turn to lanes whose agent is idle, or at once when busy does not wait;
// a message that starts a new thread neither waits for its parent lane's
// turn nor holds its queue. A queued steer goes into the running turn,
// or, when the lane is idle by then, becomes a plain message. The
// Result's change names the lanes whose messages are now sending (their
// delivery marks changed; nothing else needs handing on).
func (e *Engine) Flush(busy Busy) Result {
	var r Result
	if !e.Online() {
		return r
	}
	held := map[frame.Lane]bool{}
	for _, o := range e.st.Outgoing() {
		own := !e.auto[o.ClientMsgID]
		if o.Delivery == store.DeliverySending && own && !o.Steer {
			held[o.Lane] = true // the one in flight goes first, keeping order
		}
		if o.Delivery != store.DeliveryQueued {
			continue
		}
		lane := e.st.Lane(o.Lane).Busy
		if o.Steer {
			if lane {
				r.run(e.steerWork(o))
				r.Change.Lanes = appendLane(r.Change.Lanes, o.Lane)
				continue
			}
			e.st.Unsteer(o.ClientMsgID) // its turn is over: a message of its own
		}
		if own && held[o.Lane] {
			continue
		}
		if own && lane && busy.Wait {
			held[o.Lane] = true // waits for the next turn, keeping order
			continue
		}
		held[o.Lane] = held[o.Lane] || own // one message per lane per turn
		e.st.SetDelivery(o.ClientMsgID, store.DeliverySending)
		f := o.SendFrame()
		if !own {
			f.Payload.(*frame.MessageSend).AutoThread = frame.Ptr(true)
		}
		id, c, timeout := o.ClientMsgID, e.opts.Conn, e.opts.RequestTimeout
		r.run(e.durably(func(ctx context.Context) any {
			resp, err := Request(ctx, c, timeout, f)
			return Sent{ClientMsgID: id, Resp: resp, Err: err}
		}))
		r.Change.Lanes = appendLane(r.Change.Lanes, o.Lane)
	}
	return r
}

// durably runs send once the store has written everything before it, the
// message's "sending" state included (store.State.Durable): a message the
// gateway may have is never found queued after a crash.
func (e *Engine) durably(send Work) Work {
	wait := e.st.Durable()
	return func(ctx context.Context) any {
		wait()
		return send(ctx)
	}
}

// Sent is the answer to a message.send: a Reply.
type Sent struct {
	ClientMsgID string
	Resp        frame.Frame
	Err         error
}

func (s Sent) handle(e *Engine) Result { return e.sent(s) }

// AutoThread reports whether the message clientMsgID asked for a new
// thread and awaits its answer (the front-end follows the thread its echo
// names: the answer is a Sent).
func (e *Engine) AutoThread(clientMsgID string) bool { return e.auto[clientMsgID] }

// sent marks the message by its answer: sent, queued again (nothing went
// out), of unknown delivery (it may have reached the gateway) or failed,
// with the cause in a few words.
func (e *Engine) sent(msg Sent) Result {
	var r Result
	d := store.DeliverySent
	var cause string
	switch {
	case msg.Err == nil:
	case NotSent(msg.Err):
		d = store.DeliveryQueued // nothing went out; sent again once online
	case DeliveryUnknown(msg.Err):
		d, cause = store.DeliveryUnknown, e.opts.Cause(msg.Err)
	default:
		d, cause = store.DeliveryFailed, e.opts.Cause(msg.Err)
		r.notify(LevelError, fmt.Sprintf("message not sent: %v", msg.Err))
	}
	if d != store.DeliveryQueued && d != store.DeliveryUnknown {
		delete(e.auto, msg.ClientMsgID)
	}
	r.Change = e.st.SetDeliveryCause(msg.ClientMsgID, d, cause)
	return r
}

func appendLane(ls []frame.Lane, l frame.Lane) []frame.Lane {
	for _, x := range ls {
		if x == l {
			return ls
		}
	}
	return append(ls, l)
}
