package drawer

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// View renders the matches around the highlight, or "" when closed. Every
// catalog string is sanitised: it came from the gateway.
func (m *Model) View() string {
	if !m.open {
		return ""
	}
	st := m.com.Styles.Drawer
	w := max(m.width-st.Frame.GetHorizontalFrameSize(), 20)
	first, end := m.cur.Centered(maxRows)
	var lines []string
	for i := first; i < end; i++ {
		lines = append(lines, m.row(m.matches[i], i == m.cur.Index(), w))
	}
	more := ""
	if len(m.matches) > maxRows {
		more = "  " + strconv.Itoa(m.cur.Index()+1) + "/" + strconv.Itoa(len(m.matches))
	}
	hint := common.HelpLine(m.ShortHelp()...)
	lines = append(lines, st.Description.Render(ansi.Truncate(hint+more, w, "…")))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// row renders one match: name (matched characters marked), the alias that
// matched, args hint and description, and the category at the right.
func (m *Model) row(mt match, selected bool, w int) string {
	st := m.com.Styles.Drawer
	e := m.entries[mt.entry]
	name := termsafe.Line(mt.completion)
	var alias, args string
	if mt.alias != "" {
		alias = " → " + termsafe.Line(e.Invoke)
	}
	if !strings.Contains(mt.completion, " ") && e.ArgsHint != "" {
		args = " " + termsafe.Line(e.ArgsHint)
	}
	desc := termsafe.Line(e.Description)
	cat := termsafe.Line(e.Category)
	left := name + alias + args
	catW := ansi.StringWidth(cat)
	room := w - ansi.StringWidth(left) - catW - 4
	if room < 8 {
		desc, cat, catW = "", "", 0
		room = w - ansi.StringWidth(left)
	}
	desc = ansi.Truncate(desc, max(room, 0), "…")
	gap := max(w-ansi.StringWidth(left)-ansi.StringWidth(desc)-catW-2, 1)
	if selected {
		plain := ansi.Truncate(left+"  "+desc+strings.Repeat(" ", gap)+cat, w, "…")
		return st.Selected.Width(w).Render(plain)
	}
	out := highlight(st.Name, st.Match, ansi.Truncate(name, w, "…"), mt.hits) +
		st.Alias.Render(alias) + st.Args.Render(args)
	if desc != "" {
		out += "  " + st.Description.Render(desc)
	}
	if cat != "" {
		out += strings.Repeat(" ", gap) + st.Category.Render(cat)
	}
	return out
}

// highlight renders s with base, the bytes at hits with hit.
func highlight(base, hit lipgloss.Style, s string, hits []int) string {
	marked := make([]bool, len(s))
	for _, h := range hits {
		if h >= 0 && h < len(s) {
			_, n := utf8.DecodeRuneInString(s[h:])
			for i := h; i < h+n; i++ {
				marked[i] = true
			}
		}
	}
	return common.Highlight(base, hit, s, marked)
}
