package linear

import (
	"context"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// queue is this front-end's busy input: a message waits for the turn to
// end; nothing steers.
var queue = session.Busy{Wait: true}

// send queues text as a message in the focused lane (session.Engine.Send);
// flush sends it. While the agent is busy there it waits for the turn to
// end.
func (a *app) send(text string) {
	l := a.st.Focused()
	if l == (frame.Lane{}) {
		a.say("Not sent: no channel yet (Iris has not been online). Your text: " + termsafe.Line(text))
		return
	}
	r, err := a.eng.Send(l, text, false, queue)
	switch {
	case err != nil:
		a.say("Not sent: " + err.Error() + ". Your text: " + termsafe.Line(text))
		return
	case !a.eng.Online():
		a.say("Offline: your message waits and goes out once Iris is online again.")
	case a.st.Lane(l) != nil && a.st.Lane(l).Busy:
		a.say("The agent is busy: your message goes out when its turn ends (/stop stops it).")
	}
	a.apply(r.Change)
}

// flush sends the queued messages (session.Engine.Flush), in order, one
// per lane at a time and none into a busy lane, once everything before
// was written to disk; what comes of each is the engine's (a
// session.Sent).
func (a *app) flush() {
	r := a.eng.Flush(queue)
	r.Change = store.Change{} // delivery marks only: said once the answer comes
	a.run(r)
}

// answerPicker sends the answer to the picker asked through the engine,
// as the TUI does (session.Engine.AnswerPicker: picker.select naming this
// device; what came of it settled, each outcome audited).
func (a *app) answerPicker(ask *asking, ans answer) {
	p := ask.p
	a.ask = nil
	a.say("Sending your answer: " + ans.said + ".")
	a.run(a.eng.AnswerPicker(session.Answer{Lane: p.Lane, PickerID: p.PickerID, Value: ans.value, Reason: ans.reason,
		Record: ans.record, Who: session.Answerer{Via: via, Device: a.opts.DeviceName}}))
}

// run carries out an engine result: its change is applied, its work runs
// off the loop and what it brings back comes to reply on it. The
// result's notices are the TUI's words: this front-end says its own.
func (a *app) run(r session.Result) {
	if !r.Change.Empty() {
		a.apply(r.Change)
	}
	for _, w := range r.Work {
		go func() {
			out := w(a.ctx)
			a.results <- func() { a.reply(out) }
		}()
	}
}

// reply takes back what the engine's work brought: an answer's outcome is
// settled and said in this front-end's words (settledLine).
func (a *app) reply(out any) {
	switch out := out.(type) {
	case session.Answered:
		r := a.eng.Settle(out)
		for _, s := range r.Change.Answers {
			if line := settledLine(s); line != "" {
				a.say(line)
			}
		}
		a.run(r)
	case session.Notice:
		a.say("Warning: " + termsafe.Line(out.Text) + ".")
	case session.Reply:
		a.run(a.eng.Handle(out))
	}
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
