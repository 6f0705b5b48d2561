package session

import (
	"context"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
)

// Who answered a picker on another device: a gateway with the
// picker_answered extension says so itself (picker.answered, applied by the
// store, as the gateway's claim). Without it, the engine looks each picker
// whose turn moved on ("closed") up in the local audit log, which `iris
// answer` and `iris approve` on this machine write: an answer found there
// completes the record ("approved once: … · by policy ci.toml, rule cache,
// on host (headless) (audit log)"); one not found stays "closed". The
// approver writes its entry once the gateway accepted the answer, which may
// be a moment after this device saw the turn move on, so a lookup that
// finds nothing is retried a few times.

// AnswerFinder finds who answered a picker on this machine; *audit.Log
// satisfies it. An Options.Audit that implements it is used for the
// lookup.
type AnswerFinder interface {
	FindAnswer(gatewayURL, lane, pickerID string, since time.Time) (audit.Entry, bool, error)
}

// Lookup timing: a few tries, auditRetryEvery apart.
const (
	auditTries      = 5
	auditRetryEvery = 400 * time.Millisecond
	// auditClockSlack allows for the approver's clock and this one
	// disagreeing a little: entries from this long before the picker
	// arrived still count.
	auditClockSlack = time.Minute
)

// Attributed is what a lookup in the audit log found: a Reply.
type Attributed struct {
	found   []auditAnswer
	missing []store.PickerEnd // not logged (yet)
	try     int
}

func (a Attributed) handle(e *Engine) Result { return e.attributed(a) }

// auditAnswer is an end whose answer the audit log holds.
type auditAnswer struct {
	end   store.PickerEnd
	entry audit.Entry
}

// attributeWork looks up, in the audit log, who answered the pickers that
// just ended as answered elsewhere, unless the gateway says so itself.
func (e *Engine) attributeWork() Work {
	ends := e.st.TakeUnattributed()
	finder, ok := e.opts.Audit.(AnswerFinder)
	if len(ends) == 0 || !ok || frame.Offers(e.st.Caps().PickerAnswered) {
		return nil
	}
	return lookupAnswers(finder, audit.GatewayURL(e.opts.GatewayURL), ends, 1, 0)
}

// lookupAnswers is the Work that reads the log for ends, after wait.
func lookupAnswers(f AnswerFinder, gateway string, ends []store.PickerEnd, try int, wait time.Duration) Work {
	return func(ctx context.Context) any {
		if wait > 0 { // the approver's entry may be a moment behind
			t := time.NewTimer(wait)
			defer t.Stop()
			select {
			case <-t.C:
			case <-ctx.Done():
				return nil
			}
		}
		msg := Attributed{try: try}
		for _, e := range ends {
			entry, ok, err := f.FindAnswer(gateway, e.Lane.String(), e.PickerID, e.Arrived.Add(-auditClockSlack))
			switch {
			case ok:
				msg.found = append(msg.found, auditAnswer{end: e, entry: entry})
			case err == nil: // an unreadable log is not retried
				msg.missing = append(msg.missing, e)
			}
		}
		return msg
	}
}

// attributed completes the records of the answers found and tries again
// later for the rest.
func (e *Engine) attributed(msg Attributed) Result {
	var r Result
	for _, a := range msg.found {
		by := frame.AnswerBy{DeviceName: a.entry.Device, Policy: a.entry.Policy, Rule: a.entry.Rule}
		r.Change.Merge(e.st.AttributeAnswer(a.end.Lane, a.end.PickerID, a.entry.Answer, by))
	}
	if finder, ok := e.opts.Audit.(AnswerFinder); ok && len(msg.missing) > 0 && msg.try < auditTries {
		r.run(lookupAnswers(finder, audit.GatewayURL(e.opts.GatewayURL), msg.missing, msg.try+1, auditRetryEvery))
	}
	return r
}
