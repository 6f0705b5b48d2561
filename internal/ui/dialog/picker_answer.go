package dialog

import (
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// noticeNothingHighlighted is shown when Enter had nothing to answer with.
func (p *Picker) noticeNothingHighlighted() string {
	km := p.com.KeyMap.Picker
	return "nothing is highlighted: " + common.KeyPair(km.Up, km.Down) + " then " + km.Select.Help().Key + ", or a digit"
}

// noticeUnmatched is shown when a character answered nothing: the keys
// that do.
func (p *Picker) noticeUnmatched(kp tea.KeyPressMsg) string {
	km := p.com.KeyMap.Picker
	what := "“" + termsafe.Line(kp.Text) + "” answers nothing: "
	if p.stage == stageConfirm {
		return what + common.HintLine(km.Select.Help().Key+" confirms "+p.rows[p.pending].label, km.Close.Help().Key+" goes back")
	}
	return what + common.HintLine(common.KeyRange(km.Digit, p.numbered())+" picks",
		common.KeyPair(km.Up, km.Down)+" then "+km.Select.Help().Key, km.Close.Help().Key+" hides")
}

// numbered is how many rows have a number (the digit keys pick them).
func (p *Picker) numbered() int {
	n := 0
	for p.nthRow(n) >= 0 {
		n++
	}
	return n
}

// noticeEmptyText is shown when Enter found the answer row empty.
func (p *Picker) noticeEmptyText() string {
	km := p.com.KeyMap.Picker
	return "type an answer first, or pick a choice with " + common.KeyPair(km.Up, km.Down)
}

// noticeEmptyReason is shown when Enter found the deny reason empty.
func (p *Picker) noticeEmptyReason() string {
	return "type the reason first, or " + p.com.KeyMap.Picker.Close.Help().Key + " to go back"
}

// enter answers with the highlighted row, the typed text, or (multi-select)
// the toggled choices; with nothing to send it only shows a hint.
func (p *Picker) enter() (common.Action, tea.Cmd) {
	if p.multi() {
		if a := p.multiAnswer(); a != nil {
			return a, nil
		}
	}
	if p.cursor < 0 || p.cursor >= len(p.rows) {
		p.notice = p.noticeNothingHighlighted()
		return nil, nil
	}
	return p.choose(p.cursor)
}

// multiAnswer is a multi-select clarify's answer: the toggled choices (or,
// with none toggled, the highlighted one) plus the typed text, which is
// never dropped. It is nil when no choice is toggled or highlighted: the
// typed text alone is sent as text (choose).
func (p *Picker) multiAnswer() common.Action {
	typed := p.typedRow() // a choice's number typed alone toggles it too
	values, labels := p.pickedValues(typed)
	if len(values) == 0 && p.onChoice() {
		r := p.rows[p.cursor]
		values, labels = []string{r.value}, []string{r.label}
	}
	if len(values) == 0 {
		return nil
	}
	if text := strings.TrimSpace(p.input.Value()); text != "" && typed < 0 {
		values, labels = append(values, text), append(labels, "“"+termsafe.Line(text)+"”")
	}
	return p.answer(jsonArray(values), "answered "+strings.Join(labels, ", ")+": "+subject(p.pk))
}

// nthRow is the index of the n-th (0-based) numbered row, or -1.
func (p *Picker) nthRow(n int) int {
	for i, r := range p.rows {
		if !r.selectable() || r.text {
			continue
		}
		if n == 0 {
			return i
		}
		n--
	}
	return -1
}

// typedRow is the row whose number is all the typed answer holds ("2"
// picks choice 2 as the digit does where nothing is typed; "3 days" is
// text), or -1.
func (p *Picker) typedRow() int {
	if p.stage != stageChoose || p.isModel() || !p.allowsText() {
		return -1
	}
	n := slices.Index(p.com.KeyMap.Picker.Digit.Keys(), strings.TrimSpace(p.input.Value()))
	if n < 0 {
		return -1
	}
	return p.nthRow(n)
}

// chooseRow highlights row i and answers with it.
func (p *Picker) chooseRow(i int) (common.Action, tea.Cmd) {
	p.cursor = i
	p.syncInput()
	return p.choose(i)
}

// choose answers with row i: a permanent answer asks again first, the
// reason row asks for the reason, and an empty free-text answer is not
// sent.
func (p *Picker) choose(i int) (common.Action, tea.Cmd) {
	r := p.rows[i]
	switch {
	case r.reason:
		p.stage = stageReason
		p.input.Reset()
		p.input.Placeholder = "why not? the agent reads this"
		p.syncInput()
		return nil, nil
	case r.permanent && p.stage != stageConfirm:
		p.stage, p.pending = stageConfirm, i
		return nil, p.Show() // the confirmation arms afresh
	case r.text && p.typedRow() >= 0:
		return p.chooseRow(p.typedRow()) // a choice's number typed alone picks it, as in every picker
	case r.text:
		text := strings.TrimSpace(p.input.Value())
		if text == "" {
			p.notice = p.noticeEmptyText()
			return nil, nil
		}
		return p.answer(text, record(p.pk, r, text)), nil
	}
	return p.answer(r.value, record(p.pk, r, "")), nil
}

// answer is the action that sends value with the transcript record rec.
func (p *Picker) answer(value, rec string) common.Action {
	return common.ActionSelectPicker{Lane: p.pk.Lane, PickerID: p.pk.PickerID, Value: value, Record: rec}
}

// confirmKey: Enter confirms the permanent answer; a character only says
// which keys answer; anything else steps back to the list.
func (p *Picker) confirmKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	switch {
	case key.Matches(kp, p.com.KeyMap.Picker.Select):
		return p.choose(p.pending)
	case printable(kp):
		return nil, p.unmatched(kp)
	}
	p.back()
	return nil, nil
}

// reasonKey edits the deny reason; Enter sends it.
func (p *Picker) reasonKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	if !key.Matches(kp, p.com.KeyMap.Picker.Select) {
		return p.edit(kp)
	}
	reason := strings.TrimSpace(p.input.Value())
	if reason == "" {
		p.notice = p.noticeEmptyReason()
		return nil, nil
	}
	a := p.answer("deny", denyRecord(p.pk, reason)).(common.ActionSelectPicker)
	a.Reason = reason
	return a, nil
}

// back returns from a stage to the list.
func (p *Picker) back() {
	p.stage = stageChoose
	p.input.Reset()
	p.syncInput()
}

// pickedValues returns the toggled choices' values and labels, row also
// (-1: none), in list order.
func (p *Picker) pickedValues(row int) (values, labels []string) {
	for i, r := range p.rows {
		if p.picked[i] || i == row {
			values, labels = append(values, r.value), append(labels, r.label)
		}
	}
	return values, labels
}

// jsonArray encodes a multi-select answer.
func jsonArray(values []string) string {
	b, _ := json.Marshal(values) // []string always marshals
	return string(b)
}
