package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// ConfirmID is the yes/no question's ID.
const ConfirmID = "confirm"

// Confirm asks one yes/no question: y or Enter answers yes (the root then
// handles Yes), n or Esc answers no and closes it (as bound in the key
// map).
type Confirm struct {
	com           *common.Common
	width, height int
	question      string   // sanitised
	detail        []string // sanitised lines under the question
	yes           common.Action
}

var _ Dialog = (*Confirm)(nil)

// NewConfirm asks question, with detail lines under it (both sanitised
// here); yes is the action for a yes.
func NewConfirm(com *common.Common, question string, detail []string, yes common.Action) *Confirm {
	c := &Confirm{com: com, question: termsafe.Line(question), yes: yes}
	for _, d := range detail {
		c.detail = append(c.detail, termsafe.Line(d))
	}
	return c
}

// ID names the dialog.
func (c *Confirm) ID() string { return ConfirmID }

// SetSize sets the screen size the dialog fits in.
func (c *Confirm) SetSize(w, h int) { c.width, c.height = w, h }

// Question is the question asked (sanitised).
func (c *Confirm) Question() string { return c.question }

// Update answers on y/Enter or n/Esc.
func (c *Confirm) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := c.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Select, km.Yes):
		return c.yes, nil
	case key.Matches(kp, km.Close, km.No):
		return common.ActionClose{}, nil
	}
	return nil, nil
}

// View renders the question, the detail and the answers.
func (c *Confirm) View() string {
	st := c.com.Styles.Dialog
	w := min(max(c.width-8, 20), 72)
	lines := []string{st.Title.Render(ansi.Truncate(c.question, w, "…")), ""}
	for _, d := range c.detail {
		lines = append(lines, st.Item.Render(ansi.Truncate(d, w, "…")))
	}
	if len(c.detail) > 0 {
		lines = append(lines, "")
	}
	lines = append(lines, st.Muted.Render(common.HelpLine(c.ShortHelp()...)))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// ShortHelp lists the answers.
func (c *Confirm) ShortHelp() []key.Binding {
	km := c.com.KeyMap.Picker
	return []key.Binding{common.Combined(common.KeyNames(km.Yes, km.Select)+":", "yes", km.Yes, km.Select),
		common.Combined(common.KeyNames(km.No, km.Close)+":", "no", km.No, km.Close)}
}

// FullHelp lists the answers.
func (c *Confirm) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }
