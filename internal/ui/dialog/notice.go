package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// NoticeID is the notice's ID.
const NoticeID = "notice"

// Notice shows a text too long for the status bar (the whole error of a
// failed connection), wrapped to the dialog's width; Enter or Esc closes
// it.
type Notice struct {
	com           *common.Common
	width, height int
	title, text   string // sanitised
}

var _ Dialog = (*Notice)(nil)

// NewNotice shows text under title; both are sanitised here.
func NewNotice(com *common.Common, title, text string) *Notice {
	return &Notice{com: com, title: termsafe.Line(title), text: termsafe.Line(text)}
}

// ID names the dialog.
func (n *Notice) ID() string { return NoticeID }

// SetSize sets the screen size the dialog fits in.
func (n *Notice) SetSize(w, h int) { n.width, n.height = w, h }

// Update closes the notice on Enter or Esc.
func (n *Notice) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := n.com.KeyMap.Picker
	if key.Matches(kp, km.Select, km.Close) {
		return common.ActionClose{}, nil
	}
	return nil, nil
}

// View renders the title and the whole text, wrapped (words longer than a
// line are broken); only a text taller than the screen is cut, with "…".
func (n *Notice) View() string {
	st := n.com.Styles.Dialog
	w := min(max(n.width-8, 20), 72)
	body := strings.Split(ansi.Wrap(n.text, w, ""), "\n")
	if room := max(n.height-8, 1); len(body) > room {
		body = append(body[:room-1], "…")
	}
	lines := []string{st.Title.Render(ansi.Truncate(n.title, w, "…")), ""}
	for _, l := range body {
		lines = append(lines, st.Item.Render(l))
	}
	lines = append(lines, "", st.Muted.Render(common.HelpLine(n.ShortHelp()...)))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// ShortHelp lists the closing keys.
func (n *Notice) ShortHelp() []key.Binding {
	km := n.com.KeyMap.Picker
	return []key.Binding{common.Combined(common.KeyNames(km.Select, km.Close)+":", "close", km.Select, km.Close)}
}

// FullHelp lists the closing keys.
func (n *Notice) FullHelp() [][]key.Binding { return [][]key.Binding{n.ShortHelp()} }
