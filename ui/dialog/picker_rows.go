package dialog

import (
	"strings"

	"github.com/sahilm/fuzzy"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/wsclient/frame"
)

// maxClarifyChoices is how many choices a clarify shows next to its free
// text answer.
const maxClarifyChoices = 4

// pickerRow is one line of a picker's list.
type pickerRow struct {
	value   string // what picker.select sends
	label   string // sanitised
	desc    string // sanitised
	current bool
	header  bool // a provider heading of the model picker; not selectable
	text    bool // the free-text answer row
}

func (r pickerRow) selectable() bool { return !r.header }

// approvalDefaults are the choices of an approval that brings none.
var approvalDefaults = []frame.Choice{
	{Value: "once", Label: "Allow once"},
	{Value: "session", Label: "Allow for this session"},
	{Value: "always", Label: "Always allow"},
	{Value: "deny", Label: "Deny"},
}

// confirmDefaults are the choices of a confirm that brings none.
var confirmDefaults = []frame.Choice{
	{Value: "once", Label: "Once"},
	{Value: "always", Label: "Always"},
	{Value: "cancel", Label: "Cancel"},
}

// pickerChoices returns the choices a picker offers: its own, or the kind's
// defaults; an approval never offers "always" when allow_permanent is false,
// and a clarify offers at most maxClarifyChoices.
func pickerChoices(p store.Picker) []frame.Choice {
	cs := p.Choices
	switch p.Type {
	case frame.TypePickerApproval:
		if len(cs) == 0 {
			cs = approvalDefaults
		}
		if p.AllowPermanent != nil && !*p.AllowPermanent {
			kept := make([]frame.Choice, 0, len(cs))
			for _, c := range cs {
				if c.Value != "always" {
					kept = append(kept, c)
				}
			}
			cs = kept
		}
	case frame.TypePickerConfirm:
		if len(cs) == 0 {
			cs = confirmDefaults
		}
	case frame.TypePickerClarify:
		cs = cs[:min(len(cs), maxClarifyChoices)]
	}
	return cs
}

// allowsText reports whether the picker takes a typed answer: a clarify
// always does, any other kind when it says allow_text.
func allowsText(p store.Picker) bool {
	return p.Type == frame.TypePickerClarify || (p.AllowText != nil && *p.AllowText)
}

// choiceRows turns choices into rows, plus the free-text row when allowed.
func choiceRows(p store.Picker) []pickerRow {
	var rows []pickerRow
	for _, c := range pickerChoices(p) {
		label := c.Label
		if label == "" {
			label = c.Value
		}
		rows = append(rows, pickerRow{
			value: c.Value, label: termsafe.Line(label), desc: termsafe.Line(c.Description),
			current: c.IsCurrent != nil && *c.IsCurrent,
		})
	}
	if allowsText(p) {
		rows = append(rows, pickerRow{text: true, label: "Other answer:"})
	}
	return rows
}

// modelRows lists the providers of a model picker with their models
// nested, keeping only the models that fuzzy-match query (all for "").
// Providers left without a model are dropped.
func modelRows(p store.Picker, query string) []pickerRow {
	var rows []pickerRow
	for _, pr := range p.Providers {
		keep := matchingModels(pr, query)
		if len(keep) == 0 {
			continue
		}
		plabel := pr.Label
		if plabel == "" {
			plabel = pr.ID
		}
		rows = append(rows, pickerRow{header: true, label: termsafe.Line(plabel)})
		for _, m := range keep {
			label := m.Label
			if label == "" {
				label = m.ID
			}
			rows = append(rows, pickerRow{
				value: pr.ID + "/" + m.ID, label: termsafe.Line(label), desc: termsafe.Line(m.ID),
				current: m.ID == p.CurrentModel && (p.CurrentProvider == "" || p.CurrentProvider == pr.ID),
			})
		}
	}
	return rows
}

// matchingModels returns pr's models matching query, best match first.
func matchingModels(pr frame.Provider, query string) []frame.Model {
	query = strings.TrimSpace(query)
	if query == "" {
		return pr.Models
	}
	keys := make([]string, len(pr.Models))
	for i, m := range pr.Models {
		keys[i] = pr.ID + " " + pr.Label + " " + m.ID + " " + m.Label
	}
	var out []frame.Model
	for _, match := range fuzzy.Find(query, keys) {
		out = append(out, pr.Models[match.Index])
	}
	return out
}

// approvalVerbs name the standard approval answers in records.
var approvalVerbs = map[string]string{
	"once": "approved once", "session": "approved for the session", "always": "approved always", "deny": "denied",
}

// record is the transcript's one-line record of answering p with row r
// (text is the typed answer for the free-text row).
func record(p store.Picker, r pickerRow, text string) string {
	answer := r.label
	if r.text {
		answer = "“" + termsafe.Line(text) + "”"
	}
	subject := termsafe.Line(p.Summary())
	switch p.Type {
	case frame.TypePickerApproval:
		subject = termsafe.Line(p.Command)
		if verb, ok := approvalVerbs[r.value]; ok {
			return verb + ": " + subject
		}
	case frame.TypePickerModel:
		return "chose model: " + termsafe.Line(r.value)
	case frame.TypePickerConfirm:
		if r.value == "cancel" {
			return "cancelled: " + subject
		}
		return "confirmed (" + answer + "): " + subject
	case frame.TypePickerClarify:
		return "answered " + answer + ": " + subject
	}
	return "chose " + answer + ": " + subject
}
