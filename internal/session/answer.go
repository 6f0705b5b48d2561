package session

import (
	"context"
	"errors"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// Answerer is who gives an answer. Via names it in the audit log ("" is
// the TUI's keyboard, "iris answer", "policy FILE rule NAME"); Device,
// Policy and Rule go into the picker.select's attribution (extension
// picker_answered) and the log. A Device "" is Options.DeviceName in the
// attribution and nothing in the log.
type Answerer struct {
	Via, Device, Policy, Rule string
}

// by is the picker.select's attribution for who (nil: the gateway uses
// the hello's name).
func (e *Engine) by(who Answerer) *frame.AnswerBy {
	b := frame.AnswerBy{DeviceName: who.Device, Policy: who.Policy, Rule: who.Rule}
	if b.DeviceName == "" {
		b.DeviceName = e.opts.DeviceName
	}
	if b == (frame.AnswerBy{}) {
		return nil
	}
	return &b
}

// Answer is one answer to a pending picker.
type Answer struct {
	Lane     frame.Lane
	PickerID string
	Value    string
	Reason   string // sent with a deny
	// Record is the text of the transcript's record once accepted.
	Record string
	Who    Answerer
}

// FindPicker returns the pending picker with id in any lane.
func FindPicker(st *store.State, id string) (store.Picker, bool) {
	for _, l := range st.PendingLanes() {
		if p, ok := PendingPicker(st, l, id); ok {
			return p, true
		}
	}
	return store.Picker{}, false
}

// PendingPicker finds a pending picker of lane l by id.
func PendingPicker(st *store.State, l frame.Lane, id string) (store.Picker, bool) {
	for _, p := range st.Pickers(l) {
		if p.PickerID == id {
			return p, true
		}
	}
	return store.Picker{}, false
}

// Answered is what came of a picker.select (Conn.Post): a Reply.
type Answered struct {
	PickerID  string
	Confirmed bool
	Err       error
}

func (a Answered) handle(e *Engine) Result { return e.Settle(a) }

// AnswerPicker answers a pending picker: the store takes it out of its
// queue with an "answering…" record until something settles it (the spec
// gives picker.select no response, so the agent going on in the lane
// accepts it too: store.SettleAnswer), and the Work posts picker.select,
// naming who answered, and returns an Answered.
func (e *Engine) AnswerPicker(a Answer) Result {
	r := Result{Change: e.st.AnswerPicker(a.Lane, a.PickerID, a.Value, a.Record)}
	e.answerers[a.PickerID] = a.Who
	id := a.PickerID
	c := e.opts.Conn
	if c == nil {
		r.run(func(ctx context.Context) any { return Answered{PickerID: id, Err: errors.New("not connected")} })
		return r
	}
	f := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: a.PickerID, Value: a.Value, Reason: a.Reason, By: e.by(a.Who)}}
	timeout := e.opts.RequestTimeout
	r.run(func(ctx context.Context) any {
		confirmed, err := Post(ctx, c, timeout, f)
		return Answered{PickerID: id, Confirmed: confirmed, Err: err}
	})
	return r
}

// Settle settles an answer by what came of its picker.select and says
// what is not plain from the record: refused or not sent (the question
// waits again), sent and not confirmed (it stays answerable until the
// agent goes on), not used. Each outcome goes to the audit log
// (Changed).
func (e *Engine) Settle(a Answered) Result {
	r := Result{Change: e.st.SettleAnswer(a.PickerID, a.Confirmed, a.Err)}
	for _, s := range r.Change.Answers {
		switch s.Result {
		case audit.Expired:
			r.notify(LevelInfo, "the question had expired: your answer was not used")
		case audit.RejectedElsewhere:
			if s.Reason != "" {
				r.notify(LevelInfo, termsafe.Line(s.Reason))
			} else {
				r.notify(LevelInfo, "answered on another device: your answer was not used")
			}
		case audit.NotConfirmed:
			r.notify(LevelInfo, "answer sent, not confirmed yet: the question stays open until the agent goes on")
		case audit.Refused:
			r.notify(LevelError, "answer refused ("+termsafe.Line(s.Reason)+"): the question is waiting again")
		case audit.Failed:
			r.notify(LevelError, "answer not delivered ("+termsafe.Line(s.Reason)+"): the question is waiting again")
		}
	}
	if len(r.Notices) > 1 { // the last news is the one that counts
		r.Notices = r.Notices[len(r.Notices)-1:]
	}
	return r
}

// ResultOf is the last news chg holds of the answer to pickerID, or "".
func ResultOf(chg store.Change, pickerID string) audit.Result {
	var res audit.Result
	for _, a := range chg.Answers {
		if a.Picker.PickerID == pickerID {
			res = a.Result
		}
	}
	return res
}
