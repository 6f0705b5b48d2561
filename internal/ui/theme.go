package ui

import (
	"errors"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// applyTheme resolves the theme from the choice (auto: the terminal's
// background, nil before the terminal answered) and colour profile (16- and
// 256-colour terminals get the palette's fallbacks), and rebuilds the
// styles when the result changed.
func (s *screen) applyTheme() {
	t := themes.New(themes.Options{Name: s.theme, Background: s.term.bg, Profile: s.term.profile, NoColor: s.noColor})
	if s.com.Theme != nil && s.com.Styles != nil && t.Name == s.com.Theme.Name && t.NoColor == s.com.Theme.NoColor &&
		t.Palette == s.com.Theme.Palette {
		return
	}
	s.com.Theme = t
	s.com.Styles = themes.Build(t)
	s.com.ThemeGen++
	if s.panes.composer != nil {
		s.panes.composer.ApplyStyles()
		s.mark(needSidebar | needLayout)
	}
	s.mark(needRedraw)
}

// Settings keys in the store.
const (
	settingTools     = "tool_verbosity"
	settingFooter    = "runtime_footer"
	settingReasoning = "show_reasoning"
	settingSteer     = "steer_when_busy" // before the GATEWAY policy: true or false
	settingBusyInput = "busy_input"
	settingNotify    = "notifications"
	settingRepeat    = "repeat_notifications"
	settingTheme     = "theme"
)

// loadTheme returns the theme choice remembered in the store (set with
// /theme or /settings), else def.
func loadTheme(st *store.State, def themes.Name) themes.Name {
	if v, ok := st.Setting(settingTheme); ok {
		if n, err := themes.ParseName(v); err == nil {
			return n
		}
	}
	return def
}

// saveTheme remembers the theme choice in the store.
func saveTheme(st *store.State, n themes.Name) { st.SetSetting(settingTheme, string(n)) }

// loadSettings returns the defaults (the given ones, from the config file,
// or the stock ones) overlaid with the toggles remembered in the store: what
// the user last chose at run time wins.
func loadSettings(st *store.State, defaults *common.Settings) common.Settings {
	s := common.DefaultSettings()
	if defaults != nil {
		s = *defaults
	}
	if v, ok := st.Setting(settingTools); ok {
		s.Tools = common.ParseVerbosity(v)
	}
	readBool(st, settingFooter, &s.RuntimeFooter)
	readBool(st, settingReasoning, &s.ShowReasoning)
	readBusyInput(st, &s.BusyInput)
	readBool(st, settingNotify, &s.Notifications)
	readBool(st, settingRepeat, &s.RepeatNotifications)
	return s
}

// readBusyInput reads the busy-input policy, or the steer/queue toggle an
// older Iris remembered.
func readBusyInput(st *store.State, dst *common.BusyInput) {
	if v, ok := st.Setting(settingBusyInput); ok {
		if b, ok := common.ParseBusyInput(v); ok {
			*dst = b
		}
		return
	}
	if v, ok := st.Setting(settingSteer); ok {
		if steer, err := strconv.ParseBool(v); err == nil {
			*dst = common.BusyQueue
			if steer {
				*dst = common.BusySteer
			}
		}
	}
}

func readBool(st *store.State, key string, dst *bool) {
	if v, ok := st.Setting(key); ok {
		if b, err := strconv.ParseBool(v); err == nil {
			*dst = b
		}
	}
}

// saveSettings remembers the settings in the store.
func saveSettings(st *store.State, s common.Settings) {
	st.SetSetting(settingTools, s.Tools.String())
	st.SetSetting(settingFooter, strconv.FormatBool(s.RuntimeFooter))
	st.SetSetting(settingReasoning, strconv.FormatBool(s.ShowReasoning))
	st.SetSetting(settingBusyInput, s.BusyInput.String())
	st.SetSetting(settingNotify, strconv.FormatBool(s.Notifications))
	st.SetSetting(settingRepeat, strconv.FormatBool(s.RepeatNotifications))
}

// setThemeName switches the theme (/theme auto|dark|light) and remembers
// the choice in st.
func (s *screen) setThemeName(st *store.State, arg string) tea.Cmd {
	n, err := themes.ParseName(strings.TrimSpace(arg))
	if err != nil || arg == "" {
		return common.ReportError(errors.New("usage: /theme auto|dark|light"))
	}
	s.theme = n
	saveTheme(st, n)
	s.applyTheme()
	return common.ReportInfo("theme: " + string(n))
}
