package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// OpenAskID is the ID of the question asked before opening a received file
// that is not a known document or media type.
const OpenAskID = "open-ask"

// OpenAsk asks what to do with a received file the system opener might run
// (a launcher, a script, a program, or an unknown type): save it instead
// (the default), open it anyway, or cancel. The root passes the commands
// for the first two; the dialog closes on any of the three.
type OpenAsk struct {
	com        *common.Common
	name, kind string
	width      int
	save, open tea.Cmd
}

var _ Dialog = (*OpenAsk)(nil)

// openAnyway is deliberately not the open key (o): pressing o twice must not
// run a launcher.
var openAnyway = key.NewBinding(key.WithKeys("O", "shift+o"), key.WithHelp("O", "open anyway"))

// NewOpenAsk returns the question about the file called name (shown
// sanitised) of the given kind (media.OpenCheck's Kind). save and open run
// on the answer.
func NewOpenAsk(com *common.Common, name, kind string, save, open tea.Cmd) *OpenAsk {
	return &OpenAsk{com: com, name: termsafe.Line(name), kind: termsafe.Line(kind), save: save, open: open}
}

// ID names the dialog.
func (d *OpenAsk) ID() string { return OpenAskID }

// SetSize sets the screen size the question fits in.
func (d *OpenAsk) SetSize(w, _ int) { d.width = w }

// Update answers on the save key or Enter (save), O (open anyway) or Esc
// (cancel).
func (d *OpenAsk) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := d.com.KeyMap
	switch {
	case key.Matches(kp, km.Media.Save, km.Picker.Select):
		return common.ActionClose{}, d.save
	case key.Matches(kp, openAnyway):
		return common.ActionClose{}, d.open
	case key.Matches(kp, km.Picker.Close):
		return common.ActionClose{}, nil
	}
	return nil, nil
}

// View names the file and its type, and the three answers.
func (d *OpenAsk) View() string {
	st := d.com.Styles.Help
	km := d.com.KeyMap
	maxW := max(d.width-st.Frame.GetHorizontalFrameSize()-2, 20)
	saveKeys := km.Media.Save.Help().Key + " / " + km.Picker.Select.Help().Key
	keyW := max(ansi.StringWidth(saveKeys), ansi.StringWidth(openAnyway.Help().Key), ansi.StringWidth(km.Picker.Close.Help().Key))
	answer := func(keys, what string) string {
		return st.Key.Render(keys) + strings.Repeat(" ", keyW-ansi.StringWidth(keys)+2) + st.Desc.Render(what)
	}
	lines := []string{
		st.Title.Render("Open " + d.name + "?"),
		"",
		"It is " + d.kind + ".",
		"Opening it could run a program; Iris opens only known",
		"document and media types without asking.",
		"",
		answer(saveKeys, "save to the downloads folder instead"),
		answer(openAnyway.Help().Key, "open anyway"),
		answer(km.Picker.Close.Help().Key, "cancel"),
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, maxW, "…")
	}
	return st.Frame.Render(strings.Join(lines, "\n"))
}

// ShortHelp lists the three answers.
func (d *OpenAsk) ShortHelp() []key.Binding {
	km := d.com.KeyMap
	return []key.Binding{km.Media.Save, openAnyway, km.Picker.Close}
}

// FullHelp lists the three answers.
func (d *OpenAsk) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }
