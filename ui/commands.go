package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
)

// historyPage is how many messages one history request asks for.
const historyPage = 50

// historyLoadedMsg is the answer to a history request for a lane.
type historyLoadedMsg struct {
	lane   frame.Lane
	before string
	resp   frame.Frame
	err    error
}

// needs says what applying the page reads (store.NeedHistory).
func (msg historyLoadedMsg) needs(st *store.State) func(*store.Reads) bool {
	return func(r *store.Reads) bool {
		h, ok := msg.resp.Payload.(*frame.History)
		return msg.err == nil && ok && st.NeedHistory(r, msg.lane, h)
	}
}

// sendFinishedMsg is the outcome of a message.send request.
type sendFinishedMsg struct {
	clientMsgID string
	resp        frame.Frame
	err         error
}

// requestFailedMsg reports a failed fire-and-report request (agent.stop,
// agent.steer, picker.select…) with what it was for.
type requestFailedMsg struct {
	what string
	err  error
	text string // the user's text the request carried, quoted back so it is not lost
}

// requestCmd runs one request in a command and maps the answer with done.
func requestCmd(gw Gateway, timeout time.Duration, f frame.Frame, done func(frame.Frame, error) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		resp, err := gw.Request(ctx, f)
		if err == nil && resp.Type == frame.TypeError {
			err = frameError(resp)
		}
		return done(resp, err)
	}
}

// postCmd runs Gateway.Post for f, a request the spec gives no response,
// in a command and maps what came of it with done.
func postCmd(gw Gateway, timeout time.Duration, f frame.Frame, done func(confirmed bool, err error) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return done(gw.Post(ctx, f))
	}
}

// frameError turns an error frame into a Go error, worded "code: message",
// that unwraps to its *frame.Error (what wsclient.Client.Request returns).
func frameError(f frame.Frame) error {
	if e, ok := f.Payload.(*frame.Error); ok {
		return answerError{e}
	}
	return errors.New("gateway error")
}

// answerError is an error frame that answered a request.
type answerError struct{ fe *frame.Error }

func (e answerError) Error() string {
	if e.fe.Message != "" {
		return e.fe.Code + ": " + e.fe.Message
	}
	return e.fe.Code
}

func (e answerError) Unwrap() error { return e.fe }

// sendCmd sends frames without waiting for answers; a failure is reported.
func sendCmd(gw Gateway, fs ...frame.Frame) tea.Cmd {
	return func() tea.Msg {
		for _, f := range fs {
			if err := gw.Send(f); err != nil {
				return requestFailedMsg{what: f.Type, err: err}
			}
		}
		return nil
	}
}

// laneFrame builds a frame addressed to lane l.
func laneFrame(typ string, l frame.Lane, payload any) frame.Frame {
	return frame.Frame{Type: typ, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: payload}
}

// openLaneCmd reads lane l's stored items up to a page (see pages.go),
// then loads its newest history page unless it was loaded.
func (m *Model) openLaneCmd(l frame.Lane) tea.Cmd {
	return readPageCmd(m.st.OpenPage(l), pageOpen, m.newestCmd(l))
}

// newestCmd loads the newest history page of l unless it was loaded.
func (m *Model) newestCmd(l frame.Lane) tea.Cmd {
	if m.gw == nil || l.ChatID == "" || m.conn != common.ConnOnline {
		return nil
	}
	if ln := m.st.Lane(l); ln == nil || ln.HistoryLoaded {
		return nil
	}
	return m.historyCmd(l, &frame.HistoryRequest{Limit: historyPage})
}

func (m *Model) historyCmd(l frame.Lane, req *frame.HistoryRequest) tea.Cmd {
	before := req.BeforeMessageID
	return requestCmd(m.gw, m.opts.RequestTimeout, laneFrame(frame.TypeHistory, l, req), func(resp frame.Frame, err error) tea.Msg {
		return historyLoadedMsg{lane: l, before: before, resp: resp, err: err}
	})
}

func (m *Model) handleHistory(msg historyLoadedMsg) tea.Cmd {
	if msg.err != nil {
		m.transcript.PageDone()
		return common.ReportError(fmt.Errorf("history: %w", msg.err))
	}
	h, ok := msg.resp.Payload.(*frame.History)
	if !ok {
		m.transcript.PageDone()
		return common.ReportError(fmt.Errorf("history: unexpected %q answer", msg.resp.Type))
	}
	chg := m.st.ApplyHistory(msg.lane, msg.before, *h)
	chg.Lanes = appendLane(chg.Lanes, msg.lane)
	cmd := m.applyChange(chg, nil)
	if msg.lane == m.lane {
		m.transcript.PageDone()
		if len(h.Messages) > 0 { // an empty page never asks again (no request loop)
			// A page that does not fill the screen asks for the next one.
			cmd = tea.Batch(cmd, m.handleAction(m.transcript.LoadOlderIfAtTop()))
		}
	}
	if m.jumping != nil && m.jumping.lane == msg.lane {
		cmd = tea.Batch(cmd, m.continueJump())
	}
	return cmd
}

// send delivers text typed in the composer to the focused lane. It is
// stored first, like every outgoing message, and flushOutgoing sends it:
// while the agent is busy it steers the running turn (STEER), waits for
// the next turn (QUEUE) or goes out at once for the gateway to decide
// (GATEWAY); otherwise it goes out as message.send.
func (m *Model) send(text string) tea.Cmd {
	l := m.lane
	if l.ChatID == "" {
		m.composer.SetValue(text) // typed text is never thrown away
		return common.ReportError(errors.New("no channel to send to yet: the gateway has not listed its channels; your message stays in the composer, press Enter again once connected"))
	}
	return m.reduce(m.onLane(l, func() tea.Cmd { return m.sendTo(l, text) }))
}

// sendTo stores text as a message to lane l (see send); once lane l's
// items are in memory, so that it goes after them.
func (m *Model) sendTo(l frame.Lane, text string) tea.Cmd {
	ln := m.st.Lane(l)
	auto := m.autoThread && l.ThreadID == ""
	id := m.msgIDs.Next()
	var added *store.Message
	if ln != nil && ln.Busy && m.com.Settings.BusyInput == common.BusySteer && !auto {
		added = m.st.AddSteer(l, text, id)
	} else {
		added = m.st.AddOutgoing(l, text, id, "", nil)
	}
	if added == nil {
		return common.ReportError(errors.New("this channel no longer exists"))
	}
	m.st.Durable()() // the composer is empty now: the text is on disk before Enter returns
	if auto {
		m.autoIDs[id] = true
		m.autoThread = false
		m.composer.SetAutoThread(false)
	}
	if l == m.lane {
		m.transcript.ToBottom()
	}
	return m.applyChange(store.Change{Lanes: []frame.Lane{l}, Outgoing: true}, nil)
}

// resend puts the focused lane's failed and delivery-unknown messages back
// in the queue; the user asked, so a message of unknown fate may go twice.
func (m *Model) resend() tea.Cmd {
	n := 0
	for _, o := range m.st.Outgoing() {
		if o.Lane == m.lane && (o.Delivery == store.DeliveryFailed || o.Delivery == store.DeliveryUnknown) {
			m.st.SetDelivery(o.ClientMsgID, store.DeliveryQueued)
			n++
		}
	}
	if n == 0 {
		return common.ReportInfo("nothing to resend")
	}
	return m.applyChange(store.Change{Lanes: []frame.Lane{m.lane}, Outgoing: true}, nil)
}

// flushOutgoing sends queued messages, in order, while online: to lanes
// whose agent is idle, or at once under the GATEWAY policy; a message that
// starts a new thread goes at once. A queued steer goes into the running
// turn, or, when the lane is idle by then, becomes a plain message.
func (m *Model) flushOutgoing() tea.Cmd {
	if m.gw == nil || m.conn != common.ConnOnline {
		return nil
	}
	var cmds []tea.Cmd
	held := map[frame.Lane]bool{}
	for _, o := range m.st.Outgoing() {
		// A message asking for a new thread starts a lane of its own: it
		// neither waits for the parent lane's turn nor holds its queue.
		own := !m.autoIDs[o.ClientMsgID]
		if o.Delivery == store.DeliverySending && own && !o.Steer {
			held[o.Lane] = true // the one in flight goes first, keeping order
		}
		if o.Delivery != store.DeliveryQueued {
			continue
		}
		busy := m.st.Lane(o.Lane).Busy
		if o.Steer {
			if busy {
				cmds = append(cmds, m.steerCmd(o))
				continue
			}
			m.st.Unsteer(o.ClientMsgID) // its turn is over: a message of its own
		}
		if own && held[o.Lane] {
			continue
		}
		if own && busy && m.com.Settings.BusyInput != common.BusyGateway {
			held[o.Lane] = true // waits for the next turn, keeping order
			continue
		}
		held[o.Lane] = held[o.Lane] || own // one message per lane per turn
		m.st.SetDelivery(o.ClientMsgID, store.DeliverySending)
		f := o.SendFrame()
		if m.autoIDs[o.ClientMsgID] {
			f.Payload.(*frame.MessageSend).AutoThread = frame.Ptr(true)
		}
		id := o.ClientMsgID
		cmds = append(cmds, m.durably(requestCmd(m.gw, m.opts.RequestTimeout, f, func(resp frame.Frame, err error) tea.Msg {
			return sendFinishedMsg{clientMsgID: id, resp: resp, err: err}
		})))
		if o.Lane == m.lane {
			m.transcript.Refresh()
			m.scr.mark(needRedraw)
		}
	}
	return tea.Batch(cmds...)
}

// durably runs send once the store has written everything before it, the
// message's "sending" state included (store.State.Durable): a message the
// gateway may have is never found queued after a crash.
func (m *Model) durably(send tea.Cmd) tea.Cmd {
	wait := m.st.Durable()
	return func() tea.Msg {
		wait()
		return send()
	}
}

func (m *Model) handleSendFinished(msg sendFinishedMsg) tea.Cmd {
	d := store.DeliverySent
	var report tea.Cmd
	var cause string
	switch {
	case msg.err == nil:
	case notSent(msg.err):
		d = store.DeliveryQueued // nothing went out; sent again once online
	case deliveryUnknown(msg.err) || errors.Is(msg.err, context.DeadlineExceeded):
		d, cause = store.DeliveryUnknown, m.sendCause(msg.err)
	default:
		d, cause = store.DeliveryFailed, m.sendCause(msg.err)
		report = common.ReportError(fmt.Errorf("message not sent: %w", msg.err))
	}
	follow := m.followAutoThread(msg)
	if d != store.DeliveryQueued && d != store.DeliveryUnknown {
		delete(m.autoIDs, msg.clientMsgID)
	}
	chg := m.st.SetDeliveryCause(msg.clientMsgID, d, cause)
	return tea.Batch(report, m.applyChange(chg, nil), follow)
}

// followAutoThread opens the thread the gateway minted for a message sent
// with auto_thread (its echo names the thread), when the user is still in
// the channel it was sent from.
func (m *Model) followAutoThread(msg sendFinishedMsg) tea.Cmd {
	if !m.autoIDs[msg.clientMsgID] || msg.err != nil || msg.resp.Type != frame.TypeMessage {
		return nil
	}
	l := msg.resp.Lane()
	if l.ThreadID == "" || l.ChatID != m.lane.ChatID || m.lane.ThreadID != "" {
		return nil
	}
	m.switchLane(l)
	return tea.Batch(m.openLaneCmd(l), m.syncPicker())
}

// fireCmd runs a request whose success needs no handling; a failure is
// reported in the status bar.
func (m *Model) fireCmd(what string, f frame.Frame) tea.Cmd {
	return requestCmd(m.gw, m.opts.RequestTimeout, f, func(_ frame.Frame, err error) tea.Msg {
		if err != nil {
			return requestFailedMsg{what: what, err: err, text: typedText(f)}
		}
		return nil
	})
}

// typedText is the text the user typed that request f carries (a channel's
// name), or "".
func typedText(f frame.Frame) string {
	switch p := f.Payload.(type) {
	case *frame.ChannelCreate:
		return p.Name
	case *frame.ChannelRename:
		return p.Name
	}
	return ""
}

// handleRequestFailed reports a failed request with its reason, quoting
// back the text the user typed for it.
func (m *Model) handleRequestFailed(msg requestFailedMsg) tea.Cmd {
	if msg.text != "" {
		return common.ReportError(fmt.Errorf("%s failed: %w (you typed %q)", msg.what, msg.err, termsafe.Line(msg.text)))
	}
	return common.ReportError(fmt.Errorf("%s failed: %w", msg.what, msg.err))
}

// stopFocused is the stop key and /stop: agent.stop when the focused
// lane's agent is busy.
func (m *Model) stopFocused() tea.Cmd {
	if ln := m.st.Lane(m.lane); ln == nil || !ln.Busy {
		return common.ReportInfo("the agent is not running here")
	}
	return m.stopAgent()
}

// stopAgent sends agent.stop for the focused lane. The spec gives it no
// response: the lane's agent.idle shows it worked, only an error with its
// id (or a lost connection) is a failure, never silence.
func (m *Model) stopAgent() tea.Cmd {
	if m.gw == nil {
		return nil
	}
	m.st.StopRequested(m.lane)
	l := m.lane
	stop := postCmd(m.gw, m.opts.RequestTimeout, laneFrame(frame.TypeAgentStop, l, &frame.Empty{}), func(confirmed bool, err error) tea.Msg {
		switch {
		case err != nil:
			return requestFailedMsg{what: "stop", err: err}
		case !confirmed:
			return stopUnconfirmedMsg{lane: l}
		}
		return nil
	})
	return tea.Batch(stop, common.ReportInfo("stopping the agent…"))
}

// stopUnconfirmedMsg: nothing answered the agent.stop for lane.
type stopUnconfirmedMsg struct{ lane frame.Lane }

// handleStopUnconfirmed says so when the lane's agent is still running.
func (m *Model) handleStopUnconfirmed(msg stopUnconfirmedMsg) tea.Cmd {
	if ln := m.st.Lane(msg.lane); ln != nil && ln.Busy {
		return common.ReportInfo("stop sent, not confirmed: the agent is still running (esc to try again)")
	}
	return nil
}

func appendLane(ls []frame.Lane, l frame.Lane) []frame.Lane {
	for _, x := range ls {
		if x == l {
			return ls
		}
	}
	return append(ls, l)
}
