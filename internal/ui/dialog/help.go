package dialog

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

// HelpID is the help overlay's ID.
const HelpID = "help"

// Help is the help overlay. It is contextual: it shows the sections it is
// given (the focused pane's keys first, then the keys that work
// everywhere), each rendered from the keys' own bindings through bubbles'
// help, so it follows [keys]. What does not fit the screen scrolls.
type Help struct {
	com           *common.Common
	sections      []HelpSection
	width, height int
	offset        int // first body line shown
}

// HelpSection is one part of the help overlay: a heading and the keys of a
// component (its FullHelp).
type HelpSection struct {
	Title string
	Keys  help.KeyMap
}

var _ Dialog = (*Help)(nil)

// NewHelp returns the help overlay for sections.
func NewHelp(com *common.Common, sections ...HelpSection) *Help {
	return &Help{com: com, sections: sections}
}

// ID names the dialog.
func (h *Help) ID() string { return HelpID }

// SetSize sets the screen size the overlay fits in.
func (h *Help) SetSize(w, hgt int) { h.width, h.height = w, hgt }

// Update closes the overlay on Esc, ?, F1 or q, and scrolls it with
// ↑/↓ (k/j), PgUp/PgDn and Home/End (as bound in the key map).
func (h *Help) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := h.com.KeyMap
	_, _, rows := h.layout()
	switch {
	case key.Matches(kp, km.Picker.Close, km.Global.Help, km.Picker.Quit):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Picker.Up, km.Picker.VimUp):
		h.offset--
	case key.Matches(kp, km.Picker.Down, km.Picker.VimDown):
		h.offset++
	case key.Matches(kp, km.Global.PageUp):
		h.offset -= max(rows-1, 1)
	case key.Matches(kp, km.Global.PageDown):
		h.offset += max(rows-1, 1)
	case key.Matches(kp, km.Transcript.Top, km.Global.Top):
		h.offset = 0
	case key.Matches(kp, km.Transcript.Bottom, km.Global.Bottom):
		h.offset = 1 << 30
	}
	h.offset = h.clamp(h.offset)
	return nil, nil
}

// View renders the groups newspaper-style in as many columns as fit the
// width, and a window of them with a "more" line when they do not fit the
// height.
func (h *Help) View() string {
	st := h.com.Styles.Help
	body, maxW, rows := h.layout()
	off := h.clamp(h.offset)
	lines := []string{st.Title.Render("Keys"), ""}
	if len(body) <= rows {
		lines = append(lines, body...)
	} else {
		lines = append(lines, body[off:min(off+rows, len(body))]...)
		lines = append(lines, st.Desc.Render(h.moreLine(off > 0, off+rows < len(body))))
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, maxW, "…")
	}
	return st.Frame.Render(strings.Join(lines, "\n"))
}

// moreLine tells which way more bindings are and how to get there.
func (h *Help) moreLine(above, below bool) string {
	km := h.com.KeyMap
	up, down := km.Picker.Up, km.Picker.Down
	switch {
	case above && below:
		return "↑↓ more above and below · " + common.KeyNames(up, down) + " " + common.KeyNames(km.Global.PageUp, km.Global.PageDown) + " scroll"
	case above:
		return "↑ more above · " + common.KeyNames(up, km.Global.PageUp) + " scroll"
	default:
		return "↓ more below · " + common.KeyNames(down, km.Global.PageDown) + " scroll"
	}
}

// clamp keeps a scroll offset within the body.
func (h *Help) clamp(off int) int {
	body, _, rows := h.layout()
	return max(min(off, len(body)-rows), 0)
}

// layout returns the body's lines (the groups in columns), the widest line
// the frame holds, and how many body lines are shown at once when the body
// scrolls (one row goes to the "more" line).
func (h *Help) layout() (body []string, maxW, rows int) {
	st := h.com.Styles.Help
	maxW = max(h.width-st.Frame.GetHorizontalFrameSize()-2, 20)
	inner := max(h.height-st.Frame.GetVerticalFrameSize()-2, 5) // rows inside the frame
	blocks := make([]string, len(h.sections))
	limit, total := 0, 0 // a column holds at least the tallest group
	for i, sec := range h.sections {
		blocks[i] = h.section(sec)
		limit = max(limit, lipgloss.Height(blocks[i])+1)
		total += lipgloss.Height(blocks[i]) + 1
	}
	for columnsWidth(blocks, limit) > maxW && limit < total {
		limit++ // taller columns, so fewer of them
	}
	joined := lipgloss.JoinHorizontal(lipgloss.Top, columns(blocks, limit)...)
	body = strings.Split(joined, "\n")
	rows = inner - 2 // title and the blank line under it
	if len(body) > rows {
		rows--
	}
	return body, maxW, max(rows, 1)
}

// columns stacks blocks into columns of at most limit lines (a block taller
// than that gets a column of its own), with a gap between columns.
func columns(blocks []string, limit int) []string {
	var cols, col []string
	colH := 0
	for _, block := range blocks {
		bh := lipgloss.Height(block)
		if len(col) > 0 && colH+1+bh > limit {
			cols = append(cols, strings.Join(col, "\n\n"), "  ")
			col, colH = nil, 0
		}
		col = append(col, block)
		colH += bh + 1
	}
	return append(cols, strings.Join(col, "\n\n"))
}

// columnsWidth is the width of the columns joined side by side.
func columnsWidth(blocks []string, limit int) int {
	w := 0
	for _, c := range columns(blocks, limit) {
		w += lipgloss.Width(c)
	}
	return w
}

// section renders a section: its heading over its keys' full help.
func (h *Help) section(sec HelpSection) string {
	st := h.com.Styles.Help
	m := help.New()
	m.Styles = st.Model
	m.FullSeparator = "   "
	return st.Section.Render(sec.Title) + "\n" + m.FullHelpView(sec.Keys.FullHelp())
}

// ShortHelp lists the scroll and close keys.
func (h *Help) ShortHelp() []key.Binding {
	km := h.com.KeyMap
	return []key.Binding{km.Picker.Up, km.Picker.Down, km.Global.PageUp, km.Global.PageDown, km.Picker.Close}
}

// FullHelp lists the scroll and close keys.
func (h *Help) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }
