package dialog

import (
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Answer is one answer a picker's dialog lists, for a front-end that
// offers them another way (the linear mode numbers them in a line).
type Answer struct {
	Value     string // what picker.select sends
	Label     string // sanitised
	Permanent bool   // outlives the session: asks again before answering
	Reason    bool   // "deny with a reason": asks for the reason
}

// Answers lists what picker p offers, in the dialog's order and with the
// dialog's numbers: its choices (or the kind's defaults), "deny with a
// reason", a model picker's models. The free-text answer is not listed:
// p.TakesText says whether typed text answers it.
func Answers(p store.Picker) []Answer {
	rows := choiceRows(p)
	if p.Type == frame.TypePickerModel || len(p.Providers) > 0 {
		rows, _ = modelRows(p, "")
	}
	var out []Answer
	for _, r := range rows {
		if r.header || r.text {
			continue
		}
		out = append(out, Answer{Value: r.value, Label: r.label, Permanent: r.permanent, Reason: r.reason})
	}
	return out
}

// AnswerRecord is the transcript's record of answering p with a, as the
// dialog writes it.
func AnswerRecord(p store.Picker, a Answer) string {
	return record(p, pickerRow{value: a.Value, label: a.Label, permanent: a.Permanent}, "")
}

// TextRecord is the record of answering p with typed text.
func TextRecord(p store.Picker, text string) string {
	return record(p, pickerRow{text: true}, text)
}

// DenyRecord is the record of denying p with a typed reason.
func DenyRecord(p store.Picker, reason string) string { return denyRecord(p, reason) }
