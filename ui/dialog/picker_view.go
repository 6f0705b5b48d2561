package dialog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/wsclient/frame"
)

// pickerTitles are the titles of prompts that bring none.
var pickerTitles = map[string]string{
	frame.TypePickerApproval: "Approve command?",
	frame.TypePickerClarify:  "The agent asks",
	frame.TypePickerConfirm:  "Confirm",
	frame.TypePickerModel:    "Switch model",
	frame.TypePickerChoice:   "Choose",
}

// View renders the prompt's fields, the list and the key hints (or the
// arming notice).
func (p *Picker) View() string {
	st := p.com.Styles.Dialog
	w := p.innerWidth()
	lines := []string{p.titleLine(w), ""}
	lines = append(lines, p.fieldLines(w)...)
	lines = append(lines, p.failedLines(w)...)
	if p.isModel() {
		lines = append(lines, p.input.View(), "")
	}
	lines = append(lines, p.rowLines(w)...)
	lines = append(lines, "")
	if p.armed {
		lines = append(lines, st.Hint.Render(ansi.Truncate(p.hint(), w, "…")))
	} else {
		lines = append(lines, st.Arming.Render(ansi.Truncate("arming… keys are ignored until it is ready", w, "…")))
	}
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// titleLine is the title with "n of m" when more pickers wait in the lane.
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
	title = ansi.Truncate(title, w-ansi.StringWidth(count), "…")
	return st.Title.Render(title) + st.Muted.Render(count)
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
		out = append(out, p.rowLine(r, i == p.cursor, n, w))
	}
	return out
}

func (p *Picker) rowLine(r pickerRow, selected bool, n, w int) string {
	st := p.com.Styles.Dialog
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
	num := ""
	if !p.isModel() && n <= 9 {
		num = strconv.Itoa(n) + " "
	}
	mark := "  "
	if r.current {
		mark = "● "
	}
	label := r.label
	if r.desc != "" && r.desc != r.label {
		label += "  " + r.desc
	}
	text := ansi.Truncate(cursor+num+mark+label, w, "…")
	if selected {
		return st.Selected.Width(w).Render(text)
	}
	out := st.Item.Render(cursor + num)
	if r.current {
		out += st.Current.Render(mark)
	} else {
		out += mark
	}
	rest := ansi.Truncate(r.label, w-ansi.StringWidth(cursor+num+mark), "…")
	out += st.Item.Render(rest)
	if r.desc != "" && r.desc != r.label {
		room := w - ansi.StringWidth(cursor+num+mark+rest) - 2
		if room > 1 {
			out += "  " + st.Description.Render(ansi.Truncate(r.desc, room, "…"))
		}
	}
	return out
}

// hint lists the keys that work now.
func (p *Picker) hint() string {
	switch {
	case p.isModel():
		return "type to filter · ↑↓ move · enter select · esc hide"
	case p.typing():
		return "type an answer · ↑↓ move · enter send · esc hide"
	}
	return "↑↓/jk move · 1-9 pick · enter select · esc hide (stays pending)"
}
