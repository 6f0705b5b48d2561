package sidebar

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// renderRow draws one lane: indent (a thread hangs from its channel by ├,
// the last one by └), name, then the marks (picker ◆, busy
// spinner, unread count) right-aligned; the default channel gets ★.
func (m *Model) renderRow(r row, highlighted bool, width int) string {
	st := m.com.Styles.Sidebar
	n := r.node
	prefix := "  "
	switch {
	case r.depth > 0 && r.last:
		prefix = "  └ "
	case r.depth > 0:
		prefix = "  ├ "
	case n.Default:
		prefix = "★ "
	}
	var marks []string
	if ln := m.com.Store.Lane(n.Lane); ln != nil {
		if len(m.com.Store.Pickers(n.Lane)) > 0 {
			marks = append(marks, st.Picker.Render("◆"))
		}
		if ln.Busy {
			marks = append(marks, st.Busy.Render(m.spinner))
		}
		if ln.Unread > 0 {
			marks = append(marks, st.Unread.Render(strconv.Itoa(min(ln.Unread, 999))))
		}
	}
	right := strings.Join(marks, " ")
	name := termsafe.Line(n.Name)
	if name == "" {
		name = termsafe.Line(n.Lane.String())
	}
	room := max(width-ansi.StringWidth(prefix)-ansi.StringWidth(right)-1, 3)
	name = ansi.Truncate(name, room, "…")
	gap := max(width-ansi.StringWidth(prefix)-ansi.StringWidth(name)-ansi.StringWidth(right), 1)
	style := st.Item
	switch {
	case n.Lane == m.current && highlighted && m.focused:
		style = st.SelectedFocused
	case n.Lane == m.current:
		style = st.Selected
	case highlighted && m.focused:
		style = st.Highlighted
	}
	if r.depth > 0 {
		style = style.Inherit(st.Thread)
	}
	return style.Render(prefix+name) + strings.Repeat(" ", gap) + right
}
