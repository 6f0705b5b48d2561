package store

import (
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// A picker that ends without an answer from here is recorded by what is
// known (picker.go, closeCause): "answered on another device" only when
// the gateway refused ours as no longer pending or reported the answer;
// "withdrawn" when this device stopped the agent or the gateway dropped
// it; "closed" when the turn moved on and nothing says why. Who answered,
// and with what, comes later, if at all, from one of two sources:
//
//   - the gateway's picker.answered frame (Iris's picker_answered
//     extension, PROTOCOL-EXTENSIONS.md), which the reducer applies when
//     the gateway's hello.ack offered it: a claim, recorded as "reported
//     by the gateway as …";
//   - the local audit log, which `iris answer` and `iris approve` on this
//     machine write: a UI whose gateway lacks the extension takes the
//     pickers that ended closed (TakeUnattributed), looks them up there,
//     and hands what it finds to AttributeAnswer.
//
// The picker's record then reads, for example, "approved once: rm -rf
// build/ · reported by the gateway as policy ci.toml, rule cache, on host
// (headless)".

// PickerAnswer is what the record of a picker that ended without an
// answer from here knows: the picker (id, type, subject) and, once word
// came, the answer and who gave it (By nil until then). It is stored with
// the record.
type PickerAnswer struct {
	PickerID string          `json:"picker_id"`
	Type     string          `json:"type,omitempty"`
	Subject  string          `json:"subject,omitempty"`
	Value    string          `json:"value,omitempty"`
	By       *frame.AnswerBy `json:"by,omitempty"`
	// Reported: the gateway's picker.answered said so (a claim Iris cannot
	// check: any device may name any answerer); otherwise the local audit
	// log did.
	Reported bool `json:"reported,omitempty"`
	// NotUsed is this device's answer that lost the race (not_found), ""
	// for a picker not answered here.
	NotUsed string `json:"not_used,omitempty"`
}

// PickerEnd names a picker that ended as answered on another device, with
// no word yet of who answered (see TakeUnattributed).
type PickerEnd struct {
	Lane     frame.Lane
	PickerID string
	Arrived  time.Time
}

// maxUnattributed bounds the pickers kept for TakeUnattributed (a State no
// UI reads, as in the headless commands, never takes them).
const maxUnattributed = 64

// noteUnattributed keeps e for TakeUnattributed.
func (s *State) noteUnattributed(e PickerEnd) {
	if len(s.unattributed) == maxUnattributed {
		s.unattributed = s.unattributed[1:]
	}
	s.unattributed = append(s.unattributed, e)
}

// TakeUnattributed returns, and forgets, the pickers that ended as
// answered on another device since the last call.
func (s *State) TakeUnattributed() []PickerEnd {
	out := s.unattributed
	s.unattributed = nil
	return out
}

// AttributeAnswer records that picker pickerID of lane l was answered with
// value by by, as this machine's audit log says: a pending picker ends
// with that record; the record of one that already ended without an
// answer from here is completed. A picker whose answer from this device is
// in flight, or one this State never saw, is left alone.
func (s *State) AttributeAnswer(l frame.Lane, pickerID, value string, by frame.AnswerBy) Change {
	s.begin()
	if s.answering[pickerID] == nil {
		s.attribute(l, pickerID, PickerAnswer{Value: value, By: &by})
	}
	return s.end()
}

// applyPickerAnswered applies the gateway's picker.answered, only from a
// gateway that offers the extension (PROTOCOL-EXTENSIONS.md). For a picker
// whose answer from here is in flight, it is kept for what settles that
// answer: the record of an answer not used says what won.
func (s *State) applyPickerAnswered(l frame.Lane, p *frame.PickerAnswered) {
	if !frame.Offers(s.caps.PickerAnswered) || p.PickerID == "" {
		return
	}
	word := PickerAnswer{Value: p.Value, By: &frame.AnswerBy{}, Reported: true}
	if p.By != nil {
		*word.By = *p.By
	}
	if a := s.answering[p.PickerID]; a != nil {
		if a.picker.Lane == l {
			a.other = &word
		}
		return
	}
	s.attribute(l, p.PickerID, word)
}

// attribute records word (value, by, where it came from) of picker
// pickerID: a pending one ends answered on another device; the record of
// one that ended without an answer from here is completed.
func (s *State) attribute(l frame.Lane, pickerID string, word PickerAnswer) {
	ln := s.lanes[l]
	if ln == nil || pickerID == "" {
		return
	}
	it := s.endPicker(l, pickerID, AnsweredElsewhere, "")
	pending := it != nil
	if pending {
		s.unattributed = s.unattributed[:len(s.unattributed)-1] // endPicker's note: the answer is known
	} else {
		it = answeredRecord(ln, pickerID)
	}
	if it == nil || it.Answer.By != nil && *it.Answer.By == *word.By && it.Answer.Value == word.Value {
		return
	}
	a := *it.Answer
	a.Value, a.By, a.Reported = word.Value, word.By, word.Reported
	it.Answer, it.Text, it.Outcome = &a, a.record(), AnsweredElsewhere
	s.touch(ln, it)
	if word.Reported && (pending || a.NotUsed != "") {
		s.chg.Reported = append(s.chg.Reported, PickerReport{Lane: l, PickerID: pickerID, Record: it.Text, NotUsed: a.NotUsed != ""})
	}
}

// answeredRecord finds, among the lane's items in memory, the record of
// picker pickerID that ended without an answer from here.
func answeredRecord(ln *Lane, pickerID string) *Item {
	for i := len(ln.items) - 1; i >= 0; i-- {
		if it := ln.items[i]; it.Kind == KindPickerRecord && it.Answer != nil && it.Answer.PickerID == pickerID {
			return it
		}
	}
	return nil
}

// record is the record's text: the answer, its subject, and who gave it;
// for this device's answer that lost the race, that answer first.
func (a PickerAnswer) record() string {
	where := ""
	if a.NotUsed != "" {
		where = " on another device"
	}
	text := answerText(a.Type, a.Value, a.Subject, where)
	if a.NotUsed != "" {
		text = notUsedText(a.Type, a.NotUsed, a.Value) + text
	}
	if a.By == nil {
		return text
	}
	switch by := ByText(*a.By); {
	case by == "":
	case a.Reported:
		text += " · reported by the gateway as " + by
	default:
		text += " · by " + by + " (audit log)"
	}
	return text
}

// notUsedText starts the record of this device's answer mine that the
// gateway refused because another answer, won (its value; "" unknown)
// came first. A deny that lost to an approval is marked: the command ran.
func notUsedText(typ, mine, won string) string {
	text := "your answer “" + answerLabel(typ, mine) + "” was not used: "
	if _, approved := approvalVerbs[won]; typ == frame.TypePickerApproval && mine == "deny" && approved && won != "deny" {
		text = "⚠ " + text
	}
	return text
}

// answerLabel names answer value of a picker of type typ as the user
// chose it ("deny", "approve once").
func answerLabel(typ, value string) string {
	if typ == frame.TypePickerApproval && value != "deny" {
		if verb, ok := ApprovalVerb(value); ok {
			return strings.Replace(verb, "approved", "approve", 1)
		}
	}
	return value
}

// ByText says who gave an answer: "policy ci.toml, rule cache, on host
// (headless)" for a policy's answer, "laptop" for a person's, "" when by
// names no one. The gateway's word for it is a claim: records put it as
// "reported by the gateway as …"; the audit log's as "by … (audit log)".
func ByText(by frame.AnswerBy) string {
	switch {
	case by.Policy != "":
		text := "policy " + by.Policy
		if by.Rule != "" {
			text += ", rule " + by.Rule
		}
		if by.DeviceName != "" {
			text += ", on " + by.DeviceName
		}
		return text
	case by.DeviceName != "":
		return by.DeviceName
	}
	return ""
}

// approvalVerbs name the standard approval answers in records.
var approvalVerbs = map[string]string{
	"once": "approved once", "session": "approved for the session", "always": "approved always", "deny": "denied",
}

// ApprovalVerb names an approval's answer value in a record ("approved
// once", "denied"); ok is false for a value that is not one of the four.
func ApprovalVerb(value string) (verb string, ok bool) {
	verb, ok = approvalVerbs[value]
	return verb, ok
}

// answerText says what answering a picker of type typ about subject with
// value did, where (" on another device", or "") it was given; value ""
// is an answer not known.
func answerText(typ, value, subject, where string) string {
	switch verb, ok := ApprovalVerb(value); {
	case value == "":
		return "answered" + where + ": " + subject
	case typ == frame.TypePickerApproval && ok:
		return verb + where + ": " + subject
	case typ == frame.TypePickerModel:
		return "chose model" + where + ": " + value
	case typ == frame.TypePickerConfirm && value == "cancel":
		return "cancelled" + where + ": " + subject
	}
	return "answered “" + value + "”" + where + ": " + subject
}

// subject is what a record is about: the command of an approval, else
// the picker's summary.
func (p Picker) subject() string {
	if p.Type == frame.TypePickerApproval && p.Command != "" {
		return p.Command
	}
	return p.Summary()
}
