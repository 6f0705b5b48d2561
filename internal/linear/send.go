package linear

import (
	"context"
	"errors"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/wsclient"
)

// send queues text as a message in the focused lane; flush sends it.
// While the agent is busy there it waits for the turn to end.
func (a *app) send(text string) {
	l := a.st.Focused()
	if l == (frame.Lane{}) {
		a.say("Not sent: no channel yet (Iris has not been online). Your text: " + termsafe.Line(text))
		return
	}
	a.st.AddOutgoing(l, text, a.ids.Next(), "", nil)
	switch {
	case !a.online:
		a.say("Offline: your message waits and goes out once Iris is online again.")
	case a.st.Lane(l) != nil && a.st.Lane(l).Busy:
		a.say("The agent is busy: your message goes out when its turn ends (/stop stops it).")
	}
	a.apply(store.Change{Lanes: []frame.Lane{l}, Outgoing: true})
}

// flush sends the queued messages, in order, one per lane at a time and
// none into a busy lane, once everything before was written to disk.
func (a *app) flush() {
	if !a.online {
		return
	}
	held := map[frame.Lane]bool{}
	for _, o := range a.st.Outgoing() {
		if o.Delivery == store.DeliverySending {
			held[o.Lane] = true
		}
		if o.Delivery != store.DeliveryQueued {
			continue
		}
		if o.Steer {
			a.st.Unsteer(o.ClientMsgID)
		}
		if ln := a.st.Lane(o.Lane); held[o.Lane] || ln != nil && ln.Busy {
			held[o.Lane] = true
			continue
		}
		held[o.Lane] = true
		a.st.SetDelivery(o.ClientMsgID, store.DeliverySending)
		id, f, wait := o.ClientMsgID, o.SendFrame(), a.st.Durable()
		go func() {
			wait()
			ctx, cancel := context.WithTimeout(a.ctx, a.opts.RequestTimeout)
			defer cancel()
			resp, err := a.opts.Gateway.Request(ctx, f)
			if fe, ok := resp.Payload.(*frame.Error); ok && err == nil {
				err = fe
			}
			a.post(func() { a.sent(id, err) })
		}()
	}
}

// sent records what came of a message.send.
func (a *app) sent(id string, err error) {
	d, cause := store.DeliverySent, ""
	switch {
	case err == nil:
	case errors.Is(err, wsclient.ErrOffline):
		d = store.DeliveryQueued // nothing went out: it goes again once online
	case errors.Is(err, wsclient.ErrConnectionLost) || errors.Is(err, context.DeadlineExceeded):
		d, cause = store.DeliveryUnknown, err.Error()
	default:
		d, cause = store.DeliveryFailed, err.Error()
	}
	a.apply(a.st.SetDeliveryCause(id, d, cause))
}

// answerPicker sends the answer to the picker asked, through the store's
// answer path as the TUI does (AnswerPicker, picker.select naming this
// device, SettleAnswer with what came of it; each outcome audited).
func (a *app) answerPicker(ask *asking, ans answer) {
	p := ask.p
	a.ask = nil
	a.say("Sending your answer: " + ans.said + ".")
	a.apply(a.st.AnswerPicker(p.Lane, p.PickerID, ans.value, ans.record))
	var by *frame.AnswerBy
	if a.opts.DeviceName != "" {
		by = &frame.AnswerBy{DeviceName: a.opts.DeviceName}
	}
	f := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: p.PickerID, Value: ans.value, Reason: ans.reason, By: by}}
	id := p.PickerID
	go func() {
		ctx, cancel := context.WithTimeout(a.ctx, a.opts.RequestTimeout)
		defer cancel()
		confirmed, err := a.opts.Gateway.Post(ctx, f)
		a.post(func() { a.answered(id, confirmed, err) })
	}()
}

// answered settles an answer by what came of its picker.select and says
// what is not plain from the record.
func (a *app) answered(id string, confirmed bool, err error) {
	chg := a.st.SettleAnswer(id, confirmed, err)
	for _, s := range chg.Answers {
		if line := settledLine(s); line != "" {
			a.say(line)
		}
	}
	a.apply(chg)
}

// settledLine says what became of an answer, when its record does not.
func settledLine(s store.AnswerSettled) string {
	reason := termsafe.Line(s.Reason)
	switch s.Result {
	case audit.Expired:
		return "The question had expired: your answer was not used."
	case audit.RejectedElsewhere:
		if reason != "" {
			return "Your answer was not used: " + reason + "."
		}
		return "Answered on another device: your answer was not used."
	case audit.NotConfirmed:
		return "Answer sent, not confirmed yet: the question stays open until the agent goes on."
	case audit.Refused:
		return "Answer refused (" + reason + "): the question is waiting again."
	case audit.Failed:
		return "Answer not delivered (" + reason + "): the question is waiting again."
	}
	return ""
}

// audit writes what became known of answers given here to the audit log.
func (a *app) audit(answers []store.AnswerSettled) {
	if a.opts.Audit == nil {
		return
	}
	for _, s := range answers {
		e := s.Entry(a.opts.Now(), a.opts.GatewayURL, laneName(a.st, s.Picker.Lane))
		e.Via, e.Device = via, a.opts.DeviceName
		if err := a.opts.Audit.Append(e); err != nil {
			a.say("Warning: the answer was not written to the audit log: " + termsafe.Line(err.Error()))
		}
	}
}

// stop asks the agent in the focused lane to stop.
func (a *app) stop() {
	l := a.st.Focused()
	if ln := a.st.Lane(l); ln == nil || !ln.Busy {
		a.say("The agent is not working in " + laneName(a.st, l) + ".")
		return
	}
	a.st.StopRequested(l)
	a.say("Stopping the agent in " + laneName(a.st, l) + ".")
	f := frame.Frame{Type: frame.TypeAgentStop, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: &frame.Empty{}}
	go func() {
		ctx, cancel := context.WithTimeout(a.ctx, a.opts.RequestTimeout)
		defer cancel()
		_, err := a.opts.Gateway.Post(ctx, f)
		if err != nil {
			a.post(func() { a.say("Stop not sent: " + termsafe.Line(err.Error()) + ".") })
		}
	}()
}
