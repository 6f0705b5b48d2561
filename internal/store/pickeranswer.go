package store

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
)

// An answer given on this device goes through these steps, so that the
// transcript never claims more than is known (PROTOCOL-NOTES, "Requests
// and responses": the spec gives picker.select no response):
//
//	AnswerPicker   the picker leaves the queue; a pending "answering…" record
//	turn moves on  tool.start, tool.end, commentary, message.start, an
//	               assistant's message, message.stop or agent.idle in the
//	               lane after it: accepted, the record becomes the answer
//	SettleAnswer   what wsclient.Client.Post reported: a reply (accepted),
//	               an error with its id (not_found: "not used"; any other:
//	               refused, answerable again), silence (sent, not
//	               confirmed: answerable again, and accepted should the
//	               turn move on later), or not sent (answerable again)
//
// An error with its id overrides an acceptance by the turn moving on. Each
// change of what is known is listed in Change.Answers, for the audit log.

// AnswerSettled is news of an answer given on this device: what is now
// known of it.
type AnswerSettled struct {
	Picker Picker
	Value  string
	// Result is audit.Accepted, NotConfirmed, Refused, RejectedElsewhere,
	// Expired or Failed (not sent).
	Result audit.Result
	// Reason is why it was refused or not sent; for RejectedElsewhere, the
	// record of the answer that won, when the gateway reported it.
	Reason string
}

// Entry is the audit log's entry for a, answered at t in the lane named
// laneName on the gateway at gatewayURL (the caller adds who answered).
func (a AnswerSettled) Entry(t time.Time, gatewayURL, laneName string) audit.Entry {
	p := a.Picker
	subject := p.Command
	if subject == "" {
		subject = p.Summary()
	}
	return audit.Entry{
		Time: t, Gateway: audit.GatewayURL(gatewayURL), Lane: p.Lane.String(), LaneName: laneName, Type: p.Type,
		Subject: subject, Answer: a.Value, Scope: audit.ScopeOf(p.Type, a.Value), Result: a.Result, Reason: a.Reason,
		PickerID: p.PickerID,
	}
}

// inFlight is a picker whose answer from this device awaits SettleAnswer,
// or was sent and not confirmed (then its picker is pending again).
type inFlight struct {
	picker   Picker
	value    string
	item     *Item  // the record in the picker's lane
	record   string // the record's text once accepted
	accepted bool   // the turn moved on after it
	// other is the gateway's report (picker.answered) of another answer
	// that came while this one was in flight.
	other *PickerAnswer
}

// AnswerPicker takes the picker the user answered with value out of its
// queue while the picker.select is in flight: the lane's transcript shows
// a pending "answering…" record until the answer is settled (see above).
// record is the text the record takes once accepted (for example
// "approved once: rm -rf build/"). Unknown ids are a no-op.
func (s *State) AnswerPicker(l frame.Lane, pickerID, value, record string) Change {
	s.begin()
	if ln := s.lanes[l]; ln != nil {
		if i := pickerIndex(ln.pickers, pickerID); i >= 0 {
			p := ln.pickers[i]
			s.unqueue(ln, i)
			p.Failed, p.Unconfirmed = "", false
			it := &Item{Kind: KindPickerRecord, Text: answeringPrefix + p.Summary(), Outcome: Answering, TS: s.now()}
			s.add(ln, ln.Len(), it)
			delete(s.unconfirmed, pickerID)
			s.answering[pickerID] = &inFlight{picker: p, value: value, item: it, record: record}
		}
	}
	return s.end()
}

// PickerAccepted settles an answer the gateway confirmed: SettleAnswer
// with a reply.
func (s *State) PickerAccepted(pickerID string) Change { return s.SettleAnswer(pickerID, true, nil) }

// SettleAnswer records what wsclient.Client.Post reported for this
// device's picker.select of pickerID: confirmed (a reply), the gateway's
// *frame.Error, nil for sent and not confirmed, or another error for not
// sent.
func (s *State) SettleAnswer(pickerID string, confirmed bool, err error) Change {
	s.begin()
	if a := s.answering[pickerID]; a != nil {
		var fe *frame.Error
		switch {
		case errors.As(err, &fe) && fe.Code == frame.CodeNotFound:
			s.notUsed(a)
		case errors.As(err, &fe):
			s.refused(a, audit.Refused, "refused", errorText(fe))
		case err != nil:
			s.refused(a, audit.Failed, "not delivered", err.Error())
		case a.accepted:
			delete(s.answering, pickerID)
		case confirmed:
			s.accept(a)
		default:
			s.notConfirmed(a)
		}
	}
	return s.end()
}

// errorText is an error frame's "code: message".
func errorText(fe *frame.Error) string {
	if fe.Message == "" {
		return fe.Code
	}
	return fe.Code + ": " + fe.Message
}

// news lists what became known of answer a.
func (s *State) news(a *inFlight, r audit.Result, reason string) {
	s.chg.Answers = append(s.chg.Answers, AnswerSettled{Picker: a.picker, Value: a.value, Result: r, Reason: reason})
}

// accept settles a as accepted: its record becomes the answer.
func (s *State) accept(a *inFlight) {
	s.settle(a, Answered, a.record)
	s.news(a, audit.Accepted, "")
}

// notUsed settles an answer the gateway refused as no longer pending
// (not_found): answered elsewhere, or too late; after an outage, maybe
// forgotten by a restart.
func (s *State) notUsed(a *inFlight) {
	if a.picker.TimedOut(s.now()) {
		s.settle(a, Expired, "not used: the question had expired: "+a.picker.Summary())
		s.news(a, audit.Expired, "")
		return
	}
	rec := PickerAnswer{PickerID: a.picker.PickerID, Type: a.picker.Type, Subject: a.picker.subject(), NotUsed: a.value}
	if a.other == nil && a.picker.Outage {
		// Across an outage not_found proves no answer elsewhere: a gateway
		// that crashed and came back forgot its pickers. A report of what
		// won, if one comes, completes the record (attribute).
		a.item.Answer = &rec
		s.settle(a, Closed, notUsedText(a.picker.Type, a.value, "")+GoneAfterOutage+": "+a.picker.Summary())
		s.news(a, audit.RejectedElsewhere, GoneAfterOutage)
		return
	}
	if o := a.other; o != nil {
		rec.Value, rec.By, rec.Reported = o.Value, o.By, o.Reported
	}
	a.item.Answer = &rec
	s.settle(a, AnsweredElsewhere, rec.record())
	reason := ""
	if a.other != nil {
		reason = rec.record() // what won, for the audit log and the status bar
	}
	s.news(a, audit.RejectedElsewhere, reason)
}

// GoneAfterOutage says why an answer was not used when the gateway no
// longer had its question after the connection was lost while it waited.
const GoneAfterOutage = "the gateway no longer had the question (answered on another device, or forgotten by a gateway restart while the connection was down)"

// refused settles an answer the gateway refused, or one that was not
// sent (label says which, reason why): the picker is pending again, with
// the reason, unless the turn moved on meanwhile (then the gateway no
// longer waits for it, and the record says so).
func (s *State) refused(a *inFlight, r audit.Result, label, reason string) {
	what, summary := label+" ("+reason+")", a.picker.Summary()
	s.news(a, r, reason)
	if a.accepted {
		s.settle(a, NotDelivered, "answer "+what+", and the agent has moved on: "+summary)
		return
	}
	s.requeue(a, NotDelivered, what+", still waiting for an answer: "+summary, func(p *Picker) { p.Failed = reason })
}

// notConfirmed settles an answer that was sent while nothing followed: the
// picker is answerable again, and the turn moving on later accepts it.
func (s *State) notConfirmed(a *inFlight) {
	s.news(a, audit.NotConfirmed, "")
	s.requeue(a, NotConfirmed, "answer sent, not confirmed: "+a.picker.Summary(), func(p *Picker) { p.Unconfirmed = true })
	s.unconfirmed[a.picker.PickerID] = a
}

// requeue ends a's flight with the record text and outcome o and puts its
// picker back in its queue, marked by mark.
func (s *State) requeue(a *inFlight, o PickerOutcome, text string, mark func(*Picker)) {
	delete(s.answering, a.picker.PickerID)
	a.item.Text, a.item.Outcome = text, o
	ln := s.lanes[a.picker.Lane]
	if ln == nil {
		return
	}
	s.touch(ln, a.item)
	p := a.picker
	mark(&p)
	at, _ := slices.BinarySearchFunc(ln.pickers, p, func(q, p Picker) int { return q.Arrived.Compare(p.Arrived) })
	ln.pickers = slices.Insert(ln.pickers, at, p)
	s.chg.Pickers = true
	s.chg.Directory = true
}

// movesTurnOn reports whether live frame f shows the agent went on in its
// lane: the frames that accept an answer given there before it.
func movesTurnOn(f frame.Frame) bool {
	switch p := f.Payload.(type) {
	case *frame.ToolStart, *frame.ToolEnd, *frame.Commentary, *frame.MessageStart, *frame.MessageStop:
		return true
	case *frame.Message:
		return p.Role == frame.RoleAssistant || p.Role == ""
	}
	return f.Type == frame.TypeAgentIdle
}

// answersMovedOn accepts the answers given in lane l that the turn moved
// on after: those in flight (an error with their id may still undo it)
// and those sent and not confirmed.
func (s *State) answersMovedOn(l frame.Lane) {
	for _, a := range s.answering {
		if a.picker.Lane == l && !a.accepted {
			a.accepted = true
			a.item.Text, a.item.Outcome = a.record, Answered
			s.ended[a.picker.PickerID] = true
			if ln := s.lanes[l]; ln != nil {
				s.touch(ln, a.item)
			}
			s.news(a, audit.Accepted, "")
		}
	}
	ln := s.lanes[l]
	if ln == nil {
		return
	}
	for _, p := range slices.Clone(ln.pickers) {
		if a := s.unconfirmed[p.PickerID]; a != nil && p.Unconfirmed {
			delete(s.unconfirmed, p.PickerID)
			s.unqueue(ln, pickerIndex(ln.pickers, p.PickerID))
			s.ended[p.PickerID] = true
			a.item.Text, a.item.Outcome = a.record, Answered
			s.touch(ln, a.item)
			s.news(a, audit.Accepted, "")
		}
	}
}

// answeringPrefix starts the text of a pending record.
var answeringPrefix = Answering.String() + ": "

// unsettledAnswer rewrites a pending record read back from the database:
// Iris stopped before the gateway replied, so whether the answer counted is
// unknown, and the record says so rather than "answering…" forever.
func unsettledAnswer(it *Item) {
	if it.Kind == KindPickerRecord && it.Outcome == Answering {
		it.Outcome = NotDelivered
		it.Text = "answer unconfirmed (Iris stopped before the gateway replied): " + strings.TrimPrefix(it.Text, answeringPrefix)
	}
}

// settle ends an in-flight answer with its final record.
func (s *State) settle(a *inFlight, o PickerOutcome, text string) {
	delete(s.answering, a.picker.PickerID)
	s.ended[a.picker.PickerID] = true
	a.item.Text, a.item.Outcome = text, o
	if ln := s.lanes[a.picker.Lane]; ln != nil {
		s.touch(ln, a.item)
	}
}
