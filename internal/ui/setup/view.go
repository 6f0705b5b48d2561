package setup

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// maxWidth caps the form's width on wide terminals.
const maxWidth = 90

// labels of the text fields, in item order.
var labels = [itemInsecure]string{"Gateway URL", "Token", "Profile", "Device name"}

// View draws the form.
func (m *Model) View() tea.View {
	st := m.opts.Styles.Dialog
	var b strings.Builder
	b.WriteString(st.Title.Render("Set up Iris") + "\n")
	b.WriteString(st.Body.Render("Connect to your Hermes gateway. The token is stored in its own file, readable only by you.") + "\n\n")
	for i := range m.inputs {
		b.WriteString(m.row(item(i), fmt.Sprintf("%-12s", labels[i])) + " " + m.inputs[i].View() + "\n")
	}
	if m.visible(itemInsecure) {
		box := "[ ]"
		if m.insecure {
			box = "[x]"
		}
		b.WriteString(m.row(itemInsecure, box+" allow insecure ws://") + "\n")
		b.WriteString(st.Danger.Render("This URL is plain ws:// to another machine: the token would travel unencrypted.") + "\n")
	}
	b.WriteString("\n" + m.row(itemTest, "[ Test connection ]") + "  " + m.row(itemSave, "[ Save ]") + "\n")
	if m.status != "" {
		style := st.Description
		if m.failed {
			style = st.Danger
		}
		b.WriteString("\n" + style.Render(m.status) + "\n")
	}
	b.WriteString("\n" + m.help.ShortHelpView(m.keys.ShortHelp()))
	frame := st.Frame
	if m.width > 0 {
		frame = frame.Width(min(m.width, maxWidth))
	}
	form := frame.Render(b.String())
	if m.width > 0 && m.height > 0 {
		// Centred across, a third of the free rows above it, like Iris's dialogs.
		form = lipgloss.PlaceHorizontal(m.width, lipgloss.Center, form)
		form = strings.Repeat("\n", max(m.height-lipgloss.Height(form), 0)/3) + form
	}
	return tea.NewView(form)
}

// row marks the focused row.
func (m *Model) row(it item, text string) string {
	st := m.opts.Styles.Dialog
	if it == m.focus {
		return st.Selected.Render("› " + text)
	}
	return st.Item.Render("  " + text)
}
