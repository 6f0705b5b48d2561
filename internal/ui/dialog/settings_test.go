package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

func TestSettingsDialogKeys(t *testing.T) {
	com := testCom(t, themes.Dark)
	d := NewSettings(com, "")
	d.SetSize(80, 24)
	if d.Value("Theme") != "auto" || d.Value("Runtime footer") != "on" || d.Value("Tool detail") != "truncated" {
		t.Fatalf("initial values: %s", ansi.Strip(d.View()))
	}
	left := tea.KeyPressMsg{Code: tea.KeyLeft}
	right := tea.KeyPressMsg{Code: tea.KeyRight}
	steps := []struct {
		key   tea.KeyPressMsg
		check func(common.ActionSettings) bool
	}{
		{press("enter"), func(a common.ActionSettings) bool { return !a.Settings.RuntimeFooter }},
		{press("space"), func(a common.ActionSettings) bool { return a.Settings.RuntimeFooter }},
		{press("down"), nil},
		{left, func(a common.ActionSettings) bool { return a.Settings.Tools == common.ToolsNone }},
		{right, func(a common.ActionSettings) bool { return a.Settings.Tools == common.ToolsTruncated }},
		{right, func(a common.ActionSettings) bool { return a.Settings.Tools == common.ToolsAll }},
		{press("down"), nil},
		{press("down"), nil},
		{right, func(a common.ActionSettings) bool { return a.Theme == themes.Dark }},
		{right, func(a common.ActionSettings) bool { return a.Theme == themes.Light }},
		{right, func(a common.ActionSettings) bool { return a.Theme == themes.Auto }},
		{press("down"), nil},
		{press("enter"), func(a common.ActionSettings) bool { return !a.Settings.Notifications }},
		{press("down"), nil},
		{press("enter"), func(a common.ActionSettings) bool {
			return !a.Settings.RepeatNotifications && !a.Settings.Notifications
		}},
		{press("down"), nil},
		{press("enter"), func(a common.ActionSettings) bool { return a.Settings.BusyInput == common.BusyQueue }},
		{press("down"), nil}, // wraps to the top
		{press("enter"), func(a common.ActionSettings) bool {
			return !a.Settings.RuntimeFooter && a.Settings.Tools == common.ToolsAll && !a.Settings.Notifications
		}},
		{press("up"), nil},
		{press("enter"), func(a common.ActionSettings) bool { return a.Settings.BusyInput == common.BusyGateway }},
		{press("enter"), func(a common.ActionSettings) bool { return a.Settings.BusyInput == common.BusySteer }},
	}
	for i, s := range steps {
		act, _ := d.Update(s.key)
		if s.check == nil {
			if act != nil {
				t.Fatalf("step %d: moving changed a setting: %#v", i, act)
			}
			continue
		}
		a, ok := act.(common.ActionSettings)
		if !ok || !s.check(a) {
			t.Fatalf("step %d (%s): %#v", i, s.key, act)
		}
	}
	if !strings.Contains(ansi.Strip(d.View()), "› While busy, Enter      ‹ steers ›") {
		t.Fatalf("cursor row:\n%s", ansi.Strip(d.View()))
	}
	if act, _ := d.Update(press("esc")); act != (common.ActionClose{}) {
		t.Fatalf("esc: %#v", act)
	}
}

func TestSettingsGolden(t *testing.T) {
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		t.Run(string(th), func(t *testing.T) {
			com := testCom(t, th)
			d := NewSettings(com, th)
			d.SetSize(80, 24)
			d.Update(press("down"))
			golden.RequireEqual(t, d.View())
		})
	}
}

// TestSettingsBusyInputNotes: on the busy-input row the dialog says what
// the chosen mode does, and that steering is the default and why.
func TestSettingsBusyInputNotes(t *testing.T) {
	d := NewSettings(testCom(t, themes.Dark), "")
	d.SetSize(100, 30)
	if v := ansi.Strip(d.View()); strings.Contains(v, "the default") {
		t.Fatalf("a note on another row:\n%s", v)
	}
	for d.Value("While busy, Enter") == "" || !strings.Contains(ansi.Strip(d.View()), "› While busy") {
		d.Update(press("down"))
	}
	for _, want := range []string{"the default: your words join the running turn", "goes out when the turn is over",
		"the gateway's busy_input_mode decides"} {
		if v := ansi.Strip(d.View()); !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Fatalf("note %q missing:\n%s", want, v)
		}
		d.Update(press("enter"))
	}
}
