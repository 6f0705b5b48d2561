package session

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Steering: text sent into the running turn (agent.steer) is an outgoing
// message of the store until the gateway has it, so a failed steer loses
// nothing. The spec gives agent.steer no response: once written it is sent
// (✓), whether or not a gateway replies. The gateway answering that no
// turn is running turns it into a plain message.send; any other refusal
// leaves it "not sent" with the reason and the one-key resend; a drop
// leaves it "delivery unknown", for the lane's newest history page to
// settle.

// Steered is what came of an agent.steer: a Reply. Handling it settles
// the lane when no turn ran there, which brings the lane's items into
// memory: the front-end makes it wait for them (store.NeedLane of Lane).
type Steered struct {
	ClientMsgID string
	Lane        frame.Lane
	Err         error
}

func (s Steered) handle(e *Engine) Result { return e.steered(s) }

// steerWork sends queued steer o as agent.steer.
func (e *Engine) steerWork(o store.Outgoing) Work {
	e.st.SetDelivery(o.ClientMsgID, store.DeliverySending)
	f := LaneFrame(frame.TypeAgentSteer, o.Lane, &frame.AgentSteer{Text: o.Text})
	id, l, c, timeout := o.ClientMsgID, o.Lane, e.opts.Conn, e.opts.RequestTimeout
	return e.durably(func(ctx context.Context) any {
		_, err := Post(ctx, c, timeout, f)
		return Steered{ClientMsgID: id, Lane: l, Err: err}
	})
}

func (e *Engine) steered(msg Steered) Result {
	st := e.st
	var r Result
	switch err := msg.Err; {
	case err == nil:
		r.Change = st.SteerDelivered(msg.ClientMsgID)
	case NotSent(err):
		r.Change = st.SetDelivery(msg.ClientMsgID, store.DeliveryQueued) // goes out once online
	case NoTurnRunning(err):
		// The gateway runs no turn in this lane: the lane is idle (whatever
		// still looks running there ended) and the text goes out as a
		// message of its own, exactly once.
		r.Change = st.Unsteer(msg.ClientMsgID)
		r.Change.Merge(st.Settle(msg.Lane, e.recon.TurnGone(msg.Lane)))
		r.notify(LevelInfo, "no turn was running to steer: sent as a message")
	case DeliveryUnknown(err):
		r.Change = st.SetDeliveryCause(msg.ClientMsgID, store.DeliveryUnknown, e.opts.Cause(err))
	default:
		r.Change = st.SetDeliveryCause(msg.ClientMsgID, store.DeliveryFailed, e.opts.Cause(err))
		r.notify(LevelError, fmt.Sprintf("steer not sent: %v%s", err, e.opts.ResendHint))
	}
	return r
}
