package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
)

// Who answered a picker on another device: a gateway with the
// picker_answered extension says so itself (picker.answered, applied by the
// store, as the gateway's claim). Without it, the TUI looks each picker
// whose turn moved on ("closed") up in the local audit log, which `iris
// answer` and `iris approve` on this machine write: an answer found there
// completes the record ("approved once: … · by policy ci.toml, rule cache,
// on host (headless) (audit log)"); one not found stays "closed". The approver writes its entry once the gateway
// accepted the answer, which may be a moment after this TUI saw the turn
// move on, so a lookup that finds nothing is retried a few times.

// answerBy is this device's attribution of its answers: its name, so that
// the other devices' records say who answered (nil without a name; the
// gateway then uses the hello's).
func (m *Model) answerBy() *frame.AnswerBy {
	if m.opts.DeviceName == "" {
		return nil
	}
	return &frame.AnswerBy{DeviceName: m.opts.DeviceName}
}

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

// auditAnswersMsg carries what a lookup found.
type auditAnswersMsg struct {
	found   []auditAnswer
	missing []store.PickerEnd // not logged (yet)
	try     int
}

// auditAnswer is an end whose answer the audit log holds.
type auditAnswer struct {
	end   store.PickerEnd
	entry audit.Entry
}

// attributeFromAudit looks up, in the audit log, who answered the pickers
// that just ended as answered elsewhere, unless the gateway says so itself.
func (m *Model) attributeFromAudit() tea.Cmd {
	ends := m.st.TakeUnattributed()
	finder, ok := m.opts.Audit.(AnswerFinder)
	if len(ends) == 0 || !ok || frame.Offers(m.st.Caps().PickerAnswered) {
		return nil
	}
	return lookupAnswers(finder, audit.GatewayURL(m.opts.GatewayURL), ends, 1)
}

// lookupAnswers is the command that reads the log for ends.
func lookupAnswers(f AnswerFinder, gateway string, ends []store.PickerEnd, try int) tea.Cmd {
	return func() tea.Msg {
		msg := auditAnswersMsg{try: try}
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

// handleAuditAnswers completes the records of the answers found and tries
// again later for the rest.
func (m *Model) handleAuditAnswers(msg auditAnswersMsg) tea.Cmd {
	var chg store.Change
	for _, a := range msg.found {
		by := frame.AnswerBy{DeviceName: a.entry.Device, Policy: a.entry.Policy, Rule: a.entry.Rule}
		chg.Merge(m.st.AttributeAnswer(a.end.Lane, a.end.PickerID, a.entry.Answer, by))
	}
	var retry tea.Cmd
	if finder, ok := m.opts.Audit.(AnswerFinder); ok && len(msg.missing) > 0 && msg.try < auditTries {
		next := lookupAnswers(finder, audit.GatewayURL(m.opts.GatewayURL), msg.missing, msg.try+1)
		retry = tea.Tick(auditRetryEvery, func(time.Time) tea.Msg { return next() })
	}
	if chg.Empty() {
		return retry
	}
	return tea.Batch(m.applyChange(chg, nil), retry)
}
