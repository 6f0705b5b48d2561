package dialog

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// SettingsID is the settings dialog's ID.
const SettingsID = "settings"

// setting is one row of the settings dialog: a label and the values it
// cycles through, read from and written to the dialog's copy.
type setting struct {
	label  string // "{send}" stands for the send key's name, as bound
	values []string
	get    func(*Settings) int
	set    func(*Settings, int)
	notes  []string // what each value means, shown under the list on its row (optional)
}

// Settings is the /settings dialog: each per-app setting with its current
// value. ↑/↓ move, Enter/Space/→ pick the next value and ← the previous one;
// every change is handed to the root at once (ActionSettings), Esc closes.
type Settings struct {
	com    *common.Common
	width  int
	cursor int
	s      common.Settings
	theme  themes.Name
}

var _ Dialog = (*Settings)(nil)

// NewSettings returns the settings dialog over the current settings and
// theme choice (auto, dark or light).
func NewSettings(com *common.Common, theme themes.Name) *Settings {
	if theme == "" {
		theme = themes.Auto
	}
	return &Settings{com: com, s: *com.Settings, theme: theme}
}

// themeNames are the theme row's values.
var themeNames = []themes.Name{themes.Auto, themes.Dark, themes.Light}

// onOffValues is the value list of a boolean setting.
var onOffValues = []string{"on", "off"}

// boolIndex maps a boolean setting to its row index (on first).
func boolIndex(b bool) int {
	if b {
		return 0
	}
	return 1
}

// settingRows lists the settings in display order.
var settingRows = []setting{
	{"Runtime footer", onOffValues,
		func(d *Settings) int { return boolIndex(d.s.RuntimeFooter) },
		func(d *Settings, i int) { d.s.RuntimeFooter = i == 0 }, nil},
	{"Tool detail", []string{"truncated", "all", "none"},
		func(d *Settings) int { return int(d.s.Tools) },
		func(d *Settings, i int) { d.s.Tools = common.Verbosity(i) }, nil},
	{"Reasoning", []string{"shown", "collapsed"},
		func(d *Settings) int { return boolIndex(d.s.ShowReasoning) },
		func(d *Settings, i int) { d.s.ShowReasoning = i == 0 }, nil},
	{"Theme", []string{"auto", "dark", "light"},
		func(d *Settings) int { return max(slices.Index(themeNames, d.theme), 0) },
		func(d *Settings, i int) { d.theme = themeNames[i] }, nil},
	{"Notifications", onOffValues,
		func(d *Settings) int { return boolIndex(d.s.Notifications) },
		func(d *Settings, i int) { d.s.Notifications = i == 0 },
		[]string{
			"while the terminal is unfocused: a question waiting, or a reply of over 10 s finished",
			"never ring the terminal",
		}},
	{"Repeat notifications", onOffValues,
		func(d *Settings) int { return boolIndex(d.s.RepeatNotifications) },
		func(d *Settings, i int) { d.s.RepeatNotifications = i == 0 }, nil},
	{"While busy, {send}", []string{"steers", "queues", "sends (gateway decides)"},
		func(d *Settings) int { return int(d.s.BusyInput) },
		func(d *Settings, i int) { d.s.BusyInput = common.BusyInput(i) },
		[]string{
			"the default: your words join the running turn; no work is lost, no waiting",
			"your message waits and goes out when the turn is over",
			"sent at once; the gateway's busy_input_mode decides (Hermes: interrupt)",
		}},
}

// ID names the dialog.
func (d *Settings) ID() string { return SettingsID }

// SetSize sets the screen size the dialog fits in.
func (d *Settings) SetSize(w, _ int) { d.width = w }

// Update moves the cursor, changes the setting under it, or closes.
func (d *Settings) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := d.com.KeyMap.Picker
	step := 0
	switch {
	case key.Matches(kp, km.Close):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Up, km.VimUp):
		d.cursor = (d.cursor + len(settingRows) - 1) % len(settingRows)
	case key.Matches(kp, km.Down, km.VimDown):
		d.cursor = (d.cursor + 1) % len(settingRows)
	case key.Matches(kp, km.Select, km.Toggle, km.Next):
		step = 1
	case key.Matches(kp, km.Prev):
		step = -1
	}
	if step == 0 {
		return nil, nil
	}
	row := settingRows[d.cursor]
	n := len(row.values)
	row.set(d, (row.get(d)+step+n)%n)
	return common.ActionSettings{Settings: d.s, Theme: d.theme}, nil
}

// Value returns the shown value of the setting labelled label ("" when
// there is none).
func (d *Settings) Value(label string) string {
	for _, r := range settingRows {
		if d.label(r) == label {
			return r.values[r.get(d)]
		}
	}
	return ""
}

// label is r's label with the send key named as bound ("Enter" by default).
func (d *Settings) label(r setting) string {
	send := common.FirstKey(d.com.KeyMap.Composer.Send)
	if send != "" {
		send = strings.ToUpper(send[:1]) + send[1:]
	}
	return strings.ReplaceAll(r.label, "{send}", send)
}

// View renders the settings, one per row, the cursor row highlighted.
func (d *Settings) View() string {
	st := d.com.Styles.Dialog
	w := min(max(d.width-8, 30), 56)
	labelW := 0
	for _, r := range settingRows {
		labelW = max(labelW, ansi.StringWidth(d.label(r)))
	}
	lines := []string{st.Title.Render("Settings"), ""}
	for i, r := range settingRows {
		label := d.label(r)
		text := label + strings.Repeat(" ", labelW-ansi.StringWidth(label)) + "   ‹ " + r.values[r.get(d)] + " ›"
		if i == d.cursor {
			lines = append(lines, st.Selected.Width(w).Render(ansi.Truncate("› "+text, w, "…")))
		} else {
			lines = append(lines, st.Item.Render(ansi.Truncate("  "+text, w, "…")))
		}
	}
	if r := settingRows[d.cursor]; r.notes != nil {
		lines = append(lines, "", st.Hint.Width(w).Render(r.notes[r.get(d)]))
	}
	hint := common.HelpLine(d.ShortHelp()...)
	lines = append(lines, "", st.Hint.Render(ansi.Truncate(hint, w, "…")))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// ShortHelp lists the dialog's keys.
func (d *Settings) ShortHelp() []key.Binding {
	km := d.com.KeyMap.Picker
	return []key.Binding{common.Moves(km.Up, km.Down),
		common.Combined(common.KeyNames(km.Select, km.Toggle)+"/"+common.KeyPair(km.Prev, km.Next), "change", km.Select, km.Toggle, km.Prev, km.Next),
		common.Described(km.Close, "close")}
}

// FullHelp lists the dialog's keys.
func (d *Settings) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }
