package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/common"
)

// applySettings takes the settings dialog's change: the view settings and
// the theme apply at once and are remembered in the store.
func (m *Model) applySettings(a common.ActionSettings) tea.Cmd {
	gen := m.com.Settings.Gen
	*m.com.Settings = a.Settings
	m.com.Settings.Gen = gen + 1 // re-render what the settings change
	saveSettings(m.st, a.Settings)
	if a.Theme != m.theme {
		m.theme = a.Theme
		saveTheme(m.st, a.Theme)
		m.applyTheme()
	}
	m.syncComposer()
	m.invalidate()
	return m.scheduleRepeat() // repeats may just have been turned on
}
