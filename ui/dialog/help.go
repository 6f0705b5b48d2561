package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/ui/common"
)

// HelpID is the help overlay's ID.
const HelpID = "help"

// Help is the help overlay, generated from the key map's groups.
type Help struct {
	com           *common.Common
	width, height int
}

var _ Dialog = (*Help)(nil)

// NewHelp returns the help overlay.
func NewHelp(com *common.Common) *Help { return &Help{com: com} }

// ID names the dialog.
func (h *Help) ID() string { return HelpID }

// SetSize sets the screen size the overlay fits in.
func (h *Help) SetSize(w, hgt int) { h.width, h.height = w, hgt }

// Update closes the overlay on Esc, ?, F1 or q.
func (h *Help) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	if kp, ok := msg.(tea.KeyPressMsg); ok {
		km := h.com.KeyMap
		if key.Matches(kp, km.Picker.Close, km.Global.Help) || kp.String() == "q" {
			return common.ActionClose{}, nil
		}
	}
	return nil, nil
}

// View renders the groups newspaper-style: stacked in a column while they
// fit the height, then in the next column; what still does not fit is cut.
func (h *Help) View() string {
	st := h.com.Styles.Help
	maxW := max(h.width-st.Frame.GetHorizontalFrameSize()-2, 20)
	maxH := max(h.height-st.Frame.GetVerticalFrameSize()-4, 3)
	groups := h.com.KeyMap.Groups()
	blocks := make([]string, len(groups))
	limit := 0 // a column is as tall as the tallest group, or the screen
	for i, g := range groups {
		blocks[i] = h.group(g.Title, g.Bindings)
		limit = max(limit, lipgloss.Height(blocks[i])+1)
	}
	limit = min(limit, maxH)
	var cols []string
	var col []string
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
	cols = append(cols, strings.Join(col, "\n\n"))
	body := st.Title.Render("Keys") + "\n\n" + lipgloss.JoinHorizontal(lipgloss.Top, cols...)
	return st.Frame.Render(clipLines(body, maxH+2, maxW))
}

func (h *Help) group(title string, bs []key.Binding) string {
	st := h.com.Styles.Help
	keyW := 0
	for _, b := range bs {
		keyW = max(keyW, ansi.StringWidth(b.Help().Key))
	}
	lines := []string{st.Section.Render(title)}
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		k := b.Help().Key
		lines = append(lines, st.Key.Render(k+strings.Repeat(" ", keyW-ansi.StringWidth(k)))+"  "+st.Desc.Render(b.Help().Desc))
	}
	return strings.Join(lines, "\n")
}

// clipLines cuts s to at most n lines of at most w cells.
func clipLines(s string, n, w int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = append(ls[:n-1], "…")
	}
	for i, l := range ls {
		ls[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(ls, "\n")
}

// ShortHelp lists the close key.
func (h *Help) ShortHelp() []key.Binding { return []key.Binding{h.com.KeyMap.Picker.Close} }

// FullHelp lists the close key.
func (h *Help) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }
