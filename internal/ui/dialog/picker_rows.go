package dialog

import (
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// maxClarifyChoices is how many choices a clarify shows next to its free
// text answer.
const maxClarifyChoices = 4

// pickerRow is one line of a picker's list.
type pickerRow struct {
	value       string // what picker.select sends
	label       string // sanitised
	desc        string // sanitised
	current     bool
	recommended bool // shown with a badge
	header      bool // a provider heading of the model picker; not selectable
	text        bool // the free-text answer row
	reason      bool // "deny with a reason": asks for the reason
	permanent   bool // outlives the session: asks again before answering
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
// defaults. As Hermes does, an approval offers no "always" when
// allow_permanent is false, and neither "session" nor "always" when
// allow_session is false or the guardian smart-denied it; a clarify offers
// at most maxClarifyChoices.
func pickerChoices(p store.Picker) []frame.Choice {
	cs := p.Choices
	switch p.Type {
	case frame.TypePickerApproval:
		if len(cs) == 0 {
			cs = approvalDefaults
		}
		drop := map[string]bool{}
		if isFalse(p.AllowPermanent) {
			drop["always"] = true
		}
		if isFalse(p.AllowSession) || isTrue(p.SmartDenied) {
			drop["always"], drop["session"] = true, true
		}
		kept := make([]frame.Choice, 0, len(cs))
		for _, c := range cs {
			if !drop[c.Value] {
				kept = append(kept, c)
			}
		}
		cs = kept
	case frame.TypePickerConfirm:
		if len(cs) == 0 {
			cs = confirmDefaults
		}
	case frame.TypePickerClarify:
		cs = cs[:min(len(cs), maxClarifyChoices)]
	}
	return cs
}

func isTrue(b *bool) bool  { return b != nil && *b }
func isFalse(b *bool) bool { return b != nil && !*b }

// permanentWords mark a choice of an approval or confirm that outlives the
// session.
var permanentWords = []string{"always", "permanent", "forever"}

// isPermanent reports whether choice c of picker p outlives the session.
func isPermanent(p store.Picker, c frame.Choice) bool {
	if p.Type != frame.TypePickerApproval && p.Type != frame.TypePickerConfirm {
		return false
	}
	text := strings.ToLower(c.Value + " " + c.Label)
	for _, w := range permanentWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// choiceRows turns choices into rows, plus "deny with a reason" in an
// approval that can be denied, and the free-text row when allowed.
func choiceRows(p store.Picker) []pickerRow {
	var rows []pickerRow
	deny := false
	for _, c := range pickerChoices(p) {
		label := c.Label
		if label == "" {
			label = c.Value
		}
		rows = append(rows, pickerRow{
			value: c.Value, label: termsafe.Line(label), desc: termsafe.Line(c.Description),
			current: isTrue(c.IsCurrent), recommended: c.Recommended, permanent: isPermanent(p, c),
		})
		deny = deny || c.Value == "deny"
	}
	if p.Type == frame.TypePickerApproval && deny {
		rows = append(rows, pickerRow{value: "deny", label: "Deny with a reason…", reason: true})
	}
	if p.TakesText() {
		rows = append(rows, pickerRow{text: true, label: "Other answer:"})
	}
	return rows
}

// modelRows lists the providers of a model picker with their models
// nested, keeping only the models that match query (all for ""), best
// first within each provider. Providers left without a model are dropped.
// best is the row of the best match over all providers (the first model
// for ""), where the highlight goes as the user types.
func modelRows(p store.Picker, query string) (rows []pickerRow, best int) {
	best = -1
	var bestMatch common.TextMatch
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
		for _, mm := range keep {
			if best < 0 || mm.match.Better(bestMatch) {
				best, bestMatch = len(rows), mm.match
			}
			m := mm.model
			label := m.Label
			if label == "" {
				label = m.ID
			}
			rows = append(rows, pickerRow{
				value: frame.ModelValue(pr.ID, m.ID), label: termsafe.Line(label), desc: termsafe.Line(m.ID),
				current: m.ID == p.CurrentModel && (p.CurrentProvider == "" || p.CurrentProvider == pr.ID),
			})
		}
	}
	return rows, max(best, 0)
}

// modelMatch is a model that matches the filter, and how well.
type modelMatch struct {
	model frame.Model
	match common.TextMatch
}

// matchingModels returns pr's models matching query, best first, ranked as
// the drawer ranks commands (common.BestMatch): on the model's label and
// id, then its provider's, so "lla" finds Llama and "openai" every OpenAI
// model.
func matchingModels(pr frame.Provider, query string) []modelMatch {
	query = strings.TrimSpace(query)
	var out []modelMatch
	for _, m := range pr.Models {
		if tm, ok := common.BestMatch(query, []string{m.Label, m.ID, pr.Label, pr.ID}); ok {
			out = append(out, modelMatch{model: m, match: tm})
		}
	}
	slices.SortStableFunc(out, func(a, b modelMatch) int {
		switch {
		case a.match.Better(b.match):
			return -1
		case b.match.Better(a.match):
			return 1
		}
		return 0
	})
	return out
}

// subject is what a record is about: the command of an approval, else the
// picker's summary (sanitised).
func subject(p store.Picker) string {
	if p.Type == frame.TypePickerApproval && p.Command != "" {
		return termsafe.Line(p.Command)
	}
	return termsafe.Line(p.Summary())
}

// record is the transcript's one-line record of answering p with row r
// (text is the typed answer for the free-text row).
func record(p store.Picker, r pickerRow, text string) string {
	answer := r.label
	if r.text {
		answer = "“" + termsafe.Line(text) + "”"
	}
	subj := subject(p)
	switch p.Type {
	case frame.TypePickerApproval:
		if verb, ok := store.ApprovalVerb(r.value); ok && !r.text {
			return verb + ": " + subj
		}
	case frame.TypePickerModel:
		return "chose model: " + termsafe.Line(r.value)
	case frame.TypePickerConfirm:
		if r.value == "cancel" {
			return "cancelled: " + subj
		}
		return "confirmed (" + answer + "): " + subj
	case frame.TypePickerClarify:
		return "answered " + answer + ": " + subj
	}
	return "chose " + answer + ": " + subj
}

// denyRecord records a deny with a typed reason.
func denyRecord(p store.Picker, reason string) string {
	return "denied: " + subject(p) + " · reason: “" + termsafe.Line(reason) + "”"
}
