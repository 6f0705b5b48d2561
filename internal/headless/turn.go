package headless

import (
	"context"
	"errors"
	"slices"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// turnWatch follows the agent's turn for one sent message in its lane: the
// turn has begun once the gateway's read.receipt for the message or its
// reply's start arrives, and ends at the lane's next agent.idle. Reconnects are the
// client's business: it syncs from the cursor it reached, drops replayed
// duplicates, and replyOutput prints only text not printed yet.
type turnWatch struct {
	lane    frame.Lane
	sent    string
	out     *replyOutput
	begun   bool
	reply   string    // the reply's message id
	replied bool      // the reply's final text arrived
	stopped bool      // the reply's message.stop said interrupted (a stop on any device)
	failure string    // an error the gateway reported during the turn
	policy  *approver // answers pickers by rule (send --policy); nil: none
}

func newTurnWatch(l frame.Lane, sent string, out *replyOutput) *turnWatch {
	return &turnWatch{lane: l, sent: sent, out: out}
}

// follow consumes events until the turn ends, and returns its outcome.
func (w *turnWatch) follow(ctx context.Context, s *session) error {
	for {
		ev, err := s.next(ctx)
		switch {
		case ctx.Err() != nil:
			return fail(ExitInterrupted, "interrupted; the message %s was sent, its reply was not awaited", termsafe.Line(w.sent))
		case errors.Is(err, wsclient.ErrClosed):
			return fail(ExitDelivery, "the connection closed before the turn ended")
		case err != nil:
			return err
		}
		if fe, ok := ev.(*wsclient.FrameEvent); ok && fe.Frame.Lane() == w.lane {
			if done, err := w.frame(ctx, fe.Frame, s); done {
				return err
			}
		}
		if slices.Contains(s.settled, w.lane) {
			return w.cutShort(s)
		}
	}
}

// frame applies one frame of the lane, which the session's state has
// applied already; done reports the turn's end. The state finds the reply
// (store.State.ReplyOf: the first assistant turn after the message's echo
// or receipt, or the one whose reply_to names it).
func (w *turnWatch) frame(ctx context.Context, f frame.Frame, s *session) (done bool, err error) {
	if w.reply == "" {
		if w.reply = s.st.ReplyOf(w.lane, w.sent); w.reply != "" {
			w.begun = true
		}
	}
	switch p := f.Payload.(type) {
	case *frame.ReadReceipt:
		w.begun = w.begun || p.MessageID == w.sent
	case *frame.MessageUpdate:
		if w.reply != "" && p.MessageID == w.reply {
			w.out.text(p.MessageID, p.Text, false)
		}
	case *frame.MessageStop:
		if w.reply != "" && p.MessageID == w.reply {
			w.out.text(p.MessageID, p.FinalText, true)
			w.replied, w.stopped = true, p.Interrupted != nil && *p.Interrupted
		}
	case *frame.Message:
		if w.reply != "" && p.MessageID == w.reply {
			w.replied = true
			w.out.text(p.MessageID, p.Text, true)
		}
	case *frame.ToolStart:
		if w.begun {
			w.out.tool("start", p.Name, p.Preview, nil)
		}
	case *frame.ToolEnd:
		if w.begun {
			w.out.tool("end", p.Name, p.OutputPreview, p.OK)
		}
	case *frame.Picker:
		if w.begun && frame.IsPicker(f.Type) && !w.answeredByPolicy(ctx, s, p.PickerID) {
			return true, w.pickerWaits(f, s)
		}
	case *frame.Error:
		if w.begun && f.ID == 0 {
			w.failure = p.Code + ": " + p.Message
		}
	case *frame.Empty:
		if w.begun && f.Type == frame.TypeAgentIdle {
			return true, w.ended()
		}
	}
	return false, nil
}

// answeredByPolicy answers the picker by the policy, if there is one and
// a rule covers it.
func (w *turnWatch) answeredByPolicy(ctx context.Context, s *session, id string) bool {
	if w.policy == nil {
		return false
	}
	for _, p := range s.st.Pickers(w.lane) {
		if p.PickerID == id {
			w.policy.seen[id] = true
			return w.policy.decide(ctx, p)
		}
	}
	return false
}

// pickerWaits reports the picker that stops an unattended turn.
func (w *turnWatch) pickerWaits(f frame.Frame, s *session) error {
	for _, p := range s.st.Pickers(w.lane) {
		if p.PickerID == f.Payload.(*frame.Picker).PickerID {
			v := newPickerView(p, s.st, s.now())
			w.out.picker(v)
			return fail(ExitPickerWaiting, "%s waits for an answer: %s (answer it with: iris answer %s VALUE)", v.kind(), v.summary(), v.ID)
		}
	}
	return fail(ExitPickerWaiting, "a picker waits for an answer (iris pickers lists it)")
}

// cutShort returns the outcome of a turn that a reconnect found the
// gateway no longer runs (store.Reconcile settled its lane): exit 7, with
// whatever text of the reply came before.
func (w *turnWatch) cutShort(s *session) error {
	why := "the gateway no longer runs the turn"
	if ln := s.st.Lane(w.lane); ln != nil && w.reply != "" {
		if m := ln.Message(w.reply); m != nil {
			if m.Cut == store.CutIdle || m.Cut == store.CutNone {
				return w.ended() // its history showed the reply finished
			}
			why = m.Cut.String()
		}
	}
	if w.reply == "" {
		return fail(ExitTurnFailed, "the turn ended without a reply: %s after the reconnect", why)
	}
	return fail(ExitTurnFailed, "the reply was %s before it finished; the text above is partial", why)
}

// ended returns the outcome of a turn that reached agent.idle.
func (w *turnWatch) ended() error {
	switch {
	case w.failure != "":
		return fail(ExitTurnFailed, "the turn ended with an error: %s", termsafe.Line(w.failure))
	case !w.replied:
		return fail(ExitTurnFailed, "the turn ended without a reply (it was stopped)")
	case w.stopped:
		return &exitError{code: ExitTurnFailed, status: "stopped",
			msg: "the gateway reports the turn interrupted (a stop or a new message from another device) before it finished; the reply above is partial"}
	}
	return nil
}
