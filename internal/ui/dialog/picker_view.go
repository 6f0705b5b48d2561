package dialog

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// pickerTitles are the titles of prompts that bring none.
var pickerTitles = map[string]string{
	frame.TypePickerApproval: "Approve command?",
	frame.TypePickerClarify:  "The agent asks",
	frame.TypePickerConfirm:  "Confirm",
	frame.TypePickerModel:    "Switch model",
	frame.TypePickerChoice:   "Choose",
}

// View renders the prompt's fields, the list (or the stage's question) and
// the key hints (or the arming notice).
func (p *Picker) View() string {
	st := p.com.Styles.Dialog
	w := p.innerWidth()
	lines := []string{p.titleLine(w), ""}
	lines = append(lines, p.fieldLines(w)...)
	lines = append(lines, p.failedLines(w)...)
	switch {
	case p.stage == stageConfirm:
		lines = append(lines, p.confirmLines(w)...)
	case p.stage == stageReason:
		lines = append(lines, st.Item.Render("Deny with a reason:"), p.input.View())
	case p.isModel():
		lines = append(lines, p.input.View(), "")
		lines = append(lines, p.rowLines(w)...)
	default:
		lines = append(lines, p.rowLines(w)...)
	}
	lines = append(lines, "")
	switch {
	case !p.armed && !p.held:
		lines = append(lines, st.Arming.Render(ansi.Truncate("arming… keys are ignored until it is ready", w, "…")))
	case p.notice != "":
		lines = append(lines, st.Arming.Render(ansi.Truncate(p.notice, w, "…")))
	default:
		lines = append(lines, st.Hint.Render(ansi.Truncate(p.hint(), w, "…")))
	}
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// titleLine is the title with "n of m" when more pickers wait in the lane,
// and the time left when the picker expires.
func (p *Picker) titleLine(w int) string {
	st := p.com.Styles.Dialog
	title := termsafe.Line(p.pk.Title)
	if title == "" {
		title = pickerTitles[p.pk.Type]
	}
	if title == "" {
		title = "The agent asks"
	}
	count := ""
	if q := p.com.Store.Pickers(p.pk.Lane); len(q) > 1 {
		pos := 1
		for i, o := range q {
			if o.PickerID == p.pk.PickerID {
				pos = i + 1
			}
		}
		count = fmt.Sprintf("  %d of %d", pos, len(q))
	}
	left := TimeLeft(p.pk, p.com.Now())
	if left != "" {
		left = "  " + left
	}
	title = ansi.Truncate(title, w-ansi.StringWidth(count+left), "…")
	gap := max(w-ansi.StringWidth(title+count+left), 0)
	return st.Title.Render(title) + st.Muted.Render(count+strings.Repeat(" ", gap)+left)
}

// TimeLeft is how long pk still waits ("4:59 left", "59:59 left", "1h05m
// left"), or "" when it never expires.
func TimeLeft(pk store.Picker, now time.Time) string {
	if pk.Deadline.IsZero() {
		return ""
	}
	d := max(pk.Deadline.Sub(now), 0).Round(time.Second)
	if d >= time.Hour {
		return fmt.Sprintf("%dh%02dm left", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%d:%02d left", int(d.Minutes()), int(d.Seconds())%60)
}

// pickerNouns name what a waiting picker is, on its card.
var pickerNouns = map[string]string{
	frame.TypePickerApproval: "Approval",
	frame.TypePickerClarify:  "Question",
	frame.TypePickerConfirm:  "Confirmation",
	frame.TypePickerModel:    "Model choice",
	frame.TypePickerChoice:   "Choice",
}

// PickerNoun names a picker of type typ ("Approval", "Question", ...).
func PickerNoun(typ string) string {
	if n := pickerNouns[typ]; n != "" {
		return n
	}
	return "Question"
}

// confirmLines ask again before a permanent answer.
func (p *Picker) confirmLines(w int) []string {
	st := p.com.Styles.Dialog
	r := p.rows[p.pending]
	return []string{
		st.Selected.Width(w).Render(ansi.Truncate("› "+r.label, w, "…")),
		"",
		st.Body.Width(w).Render("This answer outlives the session: it also applies to every later request like this one."),
	}
}

// fieldLines renders question, message, command and description, each
// present one followed by a blank line.
func (p *Picker) fieldLines(w int) []string {
	st := p.com.Styles.Dialog
	var out []string
	for _, s := range []string{p.pk.Question, p.pk.Message} {
		if s = strings.TrimSpace(termsafe.Text(s)); s != "" {
			out = append(out, st.Body.Width(w).Render(s), "")
		}
	}
	if cmd := strings.TrimRight(termsafe.Text(p.pk.Command), "\n"); cmd != "" {
		base := st.Command.UnsetPadding()
		for _, l := range strings.Split(cmd, "\n") {
			hl := base.Render(" ") + highlightShell(st, base, strings.ReplaceAll(l, "\t", "    ")) + base.Render(" ")
			out = append(out, ansi.Hardwrap(hl, w, true))
		}
		out = append(out, "")
	}
	if d := strings.TrimSpace(termsafe.Text(p.pk.Description)); d != "" {
		out = append(out, st.Description.Width(w).Render(d), "")
	}
	if isTrue(p.pk.SmartDenied) {
		out = append(out, st.Arming.Width(w).Render("The guardian denied this. Allowing it overrides that for this one run only."), "")
	}
	if p.multi() {
		km := p.com.KeyMap.Picker
		out = append(out, st.Muted.Render("Pick any number: "+km.Toggle.Help().Key+" (or "+common.KeyRange(km.Pick, p.numbered())+") toggles, "+
			km.Select.Help().Key+" sends."), "")
	}
	return out
}

// rowLines renders the window of rows around the cursor that fits.
func (p *Picker) rowLines(w int) []string {
	st := p.com.Styles.Dialog
	if len(p.rows) == 0 {
		return []string{st.Muted.Render("nothing matches")}
	}
	visible := max(p.height-14, 4)
	first := max(0, min(p.cursor-visible/2, len(p.rows)-visible))
	out := make([]string, 0, visible)
	n := 0 // number of the choice for the digit keys
	for i, r := range p.rows {
		if r.selectable() && !r.text {
			n++
		}
		if i < first || i >= first+visible {
			continue
		}
		out = append(out, p.rowLine(i, n, w))
	}
	return out
}

func (p *Picker) rowLine(i, n, w int) string {
	st := p.com.Styles.Dialog
	r, selected := p.rows[i], i == p.cursor || i == p.typedRow()
	if r.header {
		return st.Muted.Render(ansi.Truncate(r.label, w, "…"))
	}
	cursor := "  "
	if selected {
		cursor = "› "
	}
	if p.isModel() {
		cursor = "  " + cursor // models nest under their provider
	}
	if r.text {
		return st.Item.Render(cursor+r.label+" ") + p.input.View()
	}
	num := "" // the key that picks the row, as the digit keys are bound
	if keys := p.com.KeyMap.Picker.Digit.Keys(); !p.isModel() && n >= 1 && n <= len(keys) {
		num = keys[n-1] + " "
	}
	mark := "  "
	switch {
	case p.multi() && p.picked[i]:
		mark = "[x] "
	case p.multi():
		mark = "[ ] "
	case r.current:
		mark = "● "
	}
	badge := ""
	if r.recommended {
		badge = " ★ recommended"
	}
	label := r.label
	if r.desc != "" && r.desc != r.label {
		label += "  " + r.desc
	}
	if selected {
		return st.Selected.Width(w).Render(ansi.Truncate(cursor+num+mark+r.label+badge, w, "…"))
	}
	out := st.Item.Render(cursor + num)
	if r.current {
		out += st.Current.Render(mark)
	} else {
		out += mark
	}
	rest := ansi.Truncate(r.label, w-ansi.StringWidth(cursor+num+mark+badge), "…")
	out += st.Item.Render(rest)
	if badge != "" {
		out += st.Current.Render(badge)
	}
	if r.desc != "" && r.desc != r.label {
		room := w - ansi.StringWidth(cursor+num+mark+rest+badge) - 2
		if room > 1 {
			out += "  " + st.Description.Render(ansi.Truncate(r.desc, room, "…"))
		}
	}
	return out
}

// hint lists the keys that work now.
func (p *Picker) hint() string {
	km := p.com.KeyMap.Picker
	move, enter, esc := common.KeyPair(km.Up, km.Down), km.Select.Help().Key, km.Close.Help().Key
	switch {
	case p.news != "": // the gateway reported it answered: nothing from here is sent
		return common.HintLine(esc+" closes", "an answer from here is not sent")
	case p.stage == stageConfirm:
		return common.HintLine(enter+": yes, answer "+p.rows[p.pending].label, esc+": back")
	case p.stage == stageReason:
		return common.HintLine("type the reason", enter+" deny", esc+" back")
	case p.isModel():
		return common.HintLine("type to filter", move+" move", enter+" select", esc+" hide")
	case p.multi():
		return common.HintLine(move+" move", common.KeyHint("toggle", km.Toggle), enter+" send (or the typed answer)", esc+" hide")
	case p.typedRow() >= 0:
		return common.HintLine(enter+" picks "+p.rows[p.typedRow()].label, "type on to write", esc+" hide")
	case p.allowsText():
		return common.HintLine("type an answer or a number, then "+enter, common.KeyRange(km.Pick, p.numbered())+" picks", esc+" hide")
	}
	return common.HintLine(common.KeyRange(km.Digit, p.numbered())+", or "+move+" then "+enter+", to answer", esc+" hide (stays pending)")
}
