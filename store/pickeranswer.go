package store

import (
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
)

// An answer given on this device goes through three steps, so that the
// transcript never claims more than the gateway confirmed:
//
//	AnswerPicker    the picker leaves the queue; a pending "answering…" record
//	PickerAccepted  the gateway took it: the record becomes the answer
//	PickerGone      another device answered first: "not used: …"
//	PickerFailed    not delivered: the picker is pending again, with the reason

// inFlight is a picker whose answer from this device awaits the gateway.
type inFlight struct {
	picker  Picker
	item    *Item  // the pending record in the picker's lane
	record  string // the record's text once accepted
	movedOn bool   // the turn moved on meanwhile (see turnMovedOn)
}

// AnswerPicker takes the picker the user answered out of its queue while
// the picker.select is in flight: the lane's transcript shows a pending
// "answering…" record until PickerAccepted, PickerGone or PickerFailed
// settles it. record is the text the record takes once the gateway accepts
// the answer (for example "approved once: rm -rf build/"). Unknown ids are
// a no-op.
func (s *State) AnswerPicker(l frame.Lane, pickerID, record string) Change {
	s.begin()
	if ln := s.lanes[l]; ln != nil {
		if i := pickerIndex(ln.pickers, pickerID); i >= 0 {
			p := ln.pickers[i]
			s.unqueue(ln, i)
			it := &Item{Kind: KindPickerRecord, Text: answeringPrefix + p.Summary(), Outcome: Answering, TS: s.now()}
			s.add(ln, ln.Len(), it)
			s.answering[pickerID] = &inFlight{picker: p, item: it, record: record}
		}
	}
	return s.end()
}

// PickerAccepted settles an answer the gateway accepted: the pending record
// becomes the answer's record.
func (s *State) PickerAccepted(pickerID string) Change {
	s.begin()
	if a := s.answering[pickerID]; a != nil {
		s.settle(a, Answered, a.record)
	}
	return s.end()
}

// PickerFailed settles an answer that could not be delivered (timeout, lost
// connection, an error other than not_found): the record says so with
// reason, and the picker is pending again, answerable, with Failed set. When
// the turn moved on meanwhile the gateway may have used the answer, so the
// picker is not brought back and the record says it is unconfirmed.
func (s *State) PickerFailed(pickerID, reason string) Change {
	s.begin()
	a := s.answering[pickerID]
	if a == nil {
		return s.end()
	}
	summary := a.picker.Summary()
	if a.movedOn {
		s.settle(a, NotDelivered, unconfirmedRecord(reason, summary))
		return s.end()
	}
	delete(s.answering, pickerID)
	a.item.Text, a.item.Outcome = NotDelivered.String()+" ("+reason+"), still waiting for an answer: "+summary, NotDelivered
	ln := s.lanes[a.picker.Lane]
	if ln == nil {
		return s.end()
	}
	s.touch(ln, a.item)
	p := a.picker
	p.Failed = reason
	at, _ := slices.BinarySearchFunc(ln.pickers, p, func(q, p Picker) int { return q.Arrived.Compare(p.Arrived) })
	ln.pickers = slices.Insert(ln.pickers, at, p)
	s.chg.Pickers = true
	s.chg.Directory = true
	return s.end()
}

// unconfirmedRecord is the record of an answer from this device that failed
// with reason while the agent moved on: it may have been used.
func unconfirmedRecord(reason, summary string) string {
	return "answer unconfirmed (" + reason + "), and the agent has moved on: " + summary
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
