package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
)

// Steering: text sent into the running turn (agent.steer) is an outgoing
// message of the store until the gateway has it, so a failed steer loses
// nothing. The spec gives agent.steer no response: once written it is sent
// (✓), whether or not a gateway replies. The gateway answering that no turn is running turns it into a
// plain message.send; any other refusal leaves it "not sent" with the
// reason and the one-key resend; a drop leaves it "delivery unknown", for
// the lane's newest history page to settle.

// steerFinishedMsg is the outcome of an agent.steer request.
type steerFinishedMsg struct {
	clientMsgID string
	lane        frame.Lane
	err         error
}

// steerCmd sends queued steer o as agent.steer.
func (m *Model) steerCmd(o store.Outgoing) tea.Cmd {
	m.st.SetDelivery(o.ClientMsgID, store.DeliverySending)
	if o.Lane == m.lane {
		m.transcript.Refresh()
		m.scr.mark(needRedraw)
	}
	f := laneFrame(frame.TypeAgentSteer, o.Lane, &frame.AgentSteer{Text: o.Text})
	id, l := o.ClientMsgID, o.Lane
	return m.durably(postCmd(m.gw, m.opts.RequestTimeout, f, func(_ bool, err error) tea.Msg {
		return steerFinishedMsg{clientMsgID: id, lane: l, err: err}
	}))
}

func (m *Model) handleSteerFinished(msg steerFinishedMsg) tea.Cmd {
	st := m.st
	var chg store.Change
	var report tea.Cmd
	switch err := msg.err; {
	case err == nil:
		chg = st.SteerDelivered(msg.clientMsgID)
	case notSent(err):
		chg = st.SetDelivery(msg.clientMsgID, store.DeliveryQueued) // goes out once online
	case noTurnRunning(err):
		// The gateway runs no turn in this lane: the lane is idle (whatever
		// still looks running there ended) and the text goes out as a
		// message of its own, exactly once.
		chg = st.Unsteer(msg.clientMsgID)
		chg.Merge(st.Settle(msg.lane, m.turnGone(msg.lane)))
		report = common.ReportInfo("no turn was running to steer: sent as a message")
	case deliveryUnknown(err) || errors.Is(err, context.DeadlineExceeded):
		chg = st.SetDeliveryCause(msg.clientMsgID, store.DeliveryUnknown, m.sendCause(err))
	default:
		chg = st.SetDeliveryCause(msg.clientMsgID, store.DeliveryFailed, m.sendCause(err))
		report = common.ReportError(fmt.Errorf("steer not sent: %w (%s sends it again)", err,
			m.com.KeyMap.Global.Resend.Help().Key))
	}
	return tea.Batch(report, m.applyChange(chg, nil))
}

// noTurnRunning reports whether err is the gateway's not_found answer to a
// steer: no agent turn is running in the lane.
func noTurnRunning(err error) bool {
	var fe *frame.Error
	return errors.As(err, &fe) && fe.Code == frame.CodeNotFound
}
