package store

import (
	"time"

	"github.com/hermes/iris/frame"
)

// A picker answered on another device ends here as "answered on another
// device" (the turn moved on, or the gateway refused ours). Who answered,
// and with what, comes later, if at all, from one of two sources:
//
//   - the gateway's picker.answered frame (Iris's picker_answered
//     extension, PROTOCOL-EXTENSIONS.md), which the reducer applies;
//   - the local audit log, which `iris answer` and `iris approve` on this
//     machine write: a UI whose gateway lacks the extension takes the
//     pickers that ended so (TakeUnattributed), looks them up there, and
//     hands what it finds to AttributeAnswer.
//
// Either way the picker's record then reads, for example, "approved once:
// rm -rf build/ · by policy ci.toml, rule cache · on host (headless)".

// PickerAnswer is what the record of a picker answered on another device
// knows: the picker (id, type, subject) and, once word came, the answer
// and who gave it (By nil until then). It is stored with the record.
type PickerAnswer struct {
	PickerID string          `json:"picker_id"`
	Type     string          `json:"type,omitempty"`
	Subject  string          `json:"subject,omitempty"`
	Value    string          `json:"value,omitempty"`
	By       *frame.AnswerBy `json:"by,omitempty"`
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
// value by by: a pending picker ends with that record; the record of one
// that already ended as answered elsewhere is completed. A picker whose
// answer from this device is in flight, or one this State never saw, is
// left alone.
func (s *State) AttributeAnswer(l frame.Lane, pickerID, value string, by frame.AnswerBy) Change {
	s.begin()
	s.attribute(l, pickerID, value, by)
	return s.end()
}

// applyPickerAnswered applies the gateway's picker.answered.
func (s *State) applyPickerAnswered(l frame.Lane, p *frame.PickerAnswered) {
	var by frame.AnswerBy
	if p.By != nil {
		by = *p.By
	}
	s.attribute(l, p.PickerID, p.Value, by)
}

func (s *State) attribute(l frame.Lane, pickerID, value string, by frame.AnswerBy) {
	ln := s.lanes[l]
	if ln == nil || pickerID == "" || s.answering[pickerID] != nil {
		return
	}
	it := s.endPicker(l, pickerID, AnsweredElsewhere, "")
	if it != nil {
		s.unattributed = s.unattributed[:len(s.unattributed)-1] // endPicker's note: the answer is known
	} else {
		it = answeredRecord(ln, pickerID)
	}
	if it == nil || it.Answer.By != nil && *it.Answer.By == by && it.Answer.Value == value {
		return
	}
	a := *it.Answer
	a.Value, a.By = value, &by
	it.Answer, it.Text = &a, a.record()
	s.touch(ln, it)
}

// answeredRecord finds, among the lane's items in memory, the record of
// picker pickerID ended as answered on another device.
func answeredRecord(ln *Lane, pickerID string) *Item {
	for i := len(ln.items) - 1; i >= 0; i-- {
		if it := ln.items[i]; it.Kind == KindPickerRecord && it.Outcome == AnsweredElsewhere && it.Answer != nil && it.Answer.PickerID == pickerID {
			return it
		}
	}
	return nil
}

// record is the record's text: the answer, its subject, and who gave it.
func (a PickerAnswer) record() string {
	text := answerText(a.Type, a.Value, a.Subject)
	if a.By == nil {
		return text
	}
	if by := ByText(*a.By); by != "" {
		text += " · " + by
	}
	return text
}

// ByText says who gave an answer: "by policy ci.toml, rule cache · on
// host (headless)" for a policy's answer, "by laptop" for a person's, ""
// when by names no one.
func ByText(by frame.AnswerBy) string {
	switch {
	case by.Policy != "":
		text := "by policy " + by.Policy
		if by.Rule != "" {
			text += ", rule " + by.Rule
		}
		if by.DeviceName != "" {
			text += " · on " + by.DeviceName
		}
		return text
	case by.DeviceName != "":
		return "by " + by.DeviceName
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
// value did.
func answerText(typ, value, subject string) string {
	switch verb, ok := ApprovalVerb(value); {
	case typ == frame.TypePickerApproval && ok:
		return verb + ": " + subject
	case typ == frame.TypePickerModel:
		return "chose model: " + value
	case typ == frame.TypePickerConfirm && value == "cancel":
		return "cancelled: " + subject
	}
	return "answered “" + value + "”: " + subject
}

// subject is what a record is about: the command of an approval, else
// the picker's summary.
func (p Picker) subject() string {
	if p.Type == frame.TypePickerApproval && p.Command != "" {
		return p.Command
	}
	return p.Summary()
}
