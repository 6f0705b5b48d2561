package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// applySettings takes the settings dialog's change: the view settings and
// the theme apply at once and are remembered in the store.
func (m *Model) applySettings(a common.ActionSettings) tea.Cmd {
	gen := m.com.Settings.Gen
	*m.com.Settings = a.Settings
	m.com.Settings.Gen = gen + 1 // re-render what the settings change
	saveSettings(m.st, a.Settings)
	if a.Theme != m.scr.theme {
		m.scr.theme = a.Theme
		saveTheme(m.st, a.Theme)
		m.scr.applyTheme()
	}
	m.syncComposer()
	m.scr.mark(needRedraw)
	return m.notes.scheduleRepeat() // repeats may just have been turned on
}
