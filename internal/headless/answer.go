package headless

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	engine "github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// Answer is `iris answer PICKER_ID VALUE`.
type Answer struct {
	PickerID  string
	Value     string
	Reason    string // sent with a deny
	Permanent bool   // allows the permanent scope "always"
}

// viaAnswer marks answers given with iris answer in the audit log.
const viaAnswer = "iris answer"

// permanentValue is the approval scope that is never granted by default.
const permanentValue = "always"

// run finds the pending picker, checks the value and sends picker.select.
func (o *Answer) run(ctx context.Context, env *Env) error {
	s, err := open(ctx, env, resume{})
	if err != nil {
		return err
	}
	defer s.close()
	p, ok := engine.FindPicker(s.st, o.PickerID)
	if !ok {
		return fail(ExitUnknownPicker, "no pending picker has the id %q (iris pickers lists them)", termsafe.Line(o.PickerID))
	}
	if err := checkValue(p, o.Value, o.Permanent); err != nil {
		return err
	}
	r, err := deliver(ctx, s, p, o.Value, o.Reason, answerer{via: viaAnswer})
	if err != nil {
		return err
	}
	switch {
	case r == audit.NotConfirmed && ctx.Err() != nil:
		return fail(ExitInterrupted, "interrupted; the answer to %s was sent, not confirmed", termsafe.Line(p.PickerID))
	case r == audit.NotConfirmed:
		fmt.Fprintf(env.Stderr, "iris: answered %s with %s: sent, not confirmed (the gateway did not reply and the agent has not gone on yet)\n",
			termsafe.Line(p.PickerID), termsafe.Line(o.Value))
		return nil
	}
	fmt.Fprintf(env.Stderr, "iris: ✓ answered %s with %s\n", termsafe.Line(p.PickerID), termsafe.Line(o.Value))
	return nil
}

// answerer is who gives an answer: via names it in the audit log (see
// audit.Entry.Via); policy and rule are iris approve's policy file (base
// name) and rule, "" for iris answer.
type answerer struct {
	via, policy, rule string
}

// deliver answers p through the engine, as the TUI does
// (the engine's AnswerPicker: picker.select naming this headless
// device, the policy and the rule; PROTOCOL-NOTES, "Requests and
// responses"): it reads events until the gateway replies or refuses, or
// the turn moves on in p's lane (accepted), or the request times out
// (sent, not confirmed). The events read meanwhile are kept for the
// caller's next s.next. The engine writes every outcome to the audit log.
// It returns the outcome: accepted or not confirmed with a nil error, any
// other with its exit error.
func deliver(ctx context.Context, s *session, p store.Picker, value, reason string, who answerer) (audit.Result, error) {
	sent := s.eng.AnswerPicker(engine.Answer{Lane: p.Lane, PickerID: p.PickerID, Value: value, Reason: reason,
		Record: "answered " + value + " from " + who.via,
		Who:    engine.Answerer{Via: who.via, Device: deviceName(s.env.Config.DeviceName), Policy: who.policy, Rule: who.rule}})
	rctx, stopReading := context.WithCancel(ctx)
	pctx, stopWaiting := context.WithCancel(ctx)
	defer stopWaiting()
	done := make(chan engine.Answered, 1)
	go func() {
		done <- answered(pctx, sent.Work)
		stopReading()
	}()
	result := s.readUntilSettled(rctx, p.PickerID)
	stopWaiting() // accepted already: a late error can no longer reach this command
	r := <-done
	stopReading()
	settled := s.eng.Settle(r)
	s.audit(settled.Change) // its notices are the TUI's wording: this command words the result below
	if got := engine.ResultOf(settled.Change, p.PickerID); got != "" {
		result = got
	}
	s.saved = false // the answer is settled: the published file says so before anything else happens
	s.publish()
	var fe *frame.Error
	switch result {
	case audit.Accepted, audit.NotConfirmed:
		return result, nil
	case "": // nothing became known
		return audit.NotConfirmed, nil
	case audit.Expired:
		return result, fail(ExitUnknownPicker, "picker %s had expired; your answer was not used", termsafe.Line(p.PickerID))
	case audit.RejectedElsewhere:
		return result, fail(ExitUnknownPicker, "picker %s was already answered elsewhere; your answer was not used", termsafe.Line(p.PickerID))
	case audit.Refused:
		errors.As(r.Err, &fe)
		return result, fail(ExitDelivery, "the gateway refused the answer: %s: %s", termsafe.Line(fe.Code), termsafe.Line(fe.Message))
	}
	return result, deliveryError(ctx, r.Err)
}

// answered runs the work of an answer (the picker.select) and returns
// what came of it.
func answered(ctx context.Context, work []engine.Work) engine.Answered {
	var a engine.Answered
	for _, w := range work {
		if got, ok := w(ctx).(engine.Answered); ok {
			a = got
		}
	}
	return a
}

// checkValue refuses a value the picker does not offer (unless it takes
// text) and the permanent scope without permanent.
func checkValue(p store.Picker, value string, permanent bool) error {
	values := allowedValues(p)
	if value == permanentValue && !permanent && (p.Type == frame.TypePickerApproval || p.Type == frame.TypePickerConfirm) {
		return fail(ExitRefused, "refusing to answer %q without --permanent: it grants this for good", permanentValue)
	}
	if slices.Contains(values, value) || p.TakesText() && value != "" {
		return nil
	}
	return fail(ExitRefused, "%q is not a choice of picker %s; choose one of: %s", termsafe.Line(value), termsafe.Line(p.PickerID), termsafe.Line(strings.Join(values, ", ")))
}

// allowedValues lists the values a picker offers, in order.
func allowedValues(p store.Picker) []string {
	var out []string
	for _, c := range p.Choices {
		out = append(out, c.Value)
	}
	switch {
	case p.Type == frame.TypePickerModel:
		for _, pr := range p.Providers {
			for _, m := range pr.Models {
				out = append(out, pr.ID+"/"+m.ID)
			}
		}
	case len(out) > 0:
	case p.Type == frame.TypePickerApproval:
		out = append(out, "once")
		if p.AllowSession == nil || *p.AllowSession {
			out = append(out, "session")
		}
		if p.AllowPermanent == nil || *p.AllowPermanent {
			out = append(out, permanentValue)
		}
		out = append(out, "deny")
	case p.Type == frame.TypePickerConfirm:
		out = append(out, "once", permanentValue, "cancel")
	}
	return out
}
