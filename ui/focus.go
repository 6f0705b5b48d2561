package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// backToComposer takes a key typed in the sidebar or the transcript that
// belongs to the composer: the compose key (i) goes back to it, and any
// other printable text that is not one of the pane's own keys is typed
// there, so nothing typed is lost. ok is false for every other key.
func (m *Model) backToComposer(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.focus == focusComposer {
		return nil, false
	}
	if key.Matches(msg, m.com.KeyMap.Transcript.Compose) {
		return m.setFocus(focusComposer), true
	}
	if msg.Text == "" || msg.Mod&^tea.ModShift != 0 || m.paneKey(msg) {
		return nil, false
	}
	cmd := m.setFocus(focusComposer)
	return tea.Batch(cmd, m.handleKey(msg)), true
}

// paneKey reports whether msg is one of the focused list pane's own keys.
func (m *Model) paneKey(msg tea.KeyPressMsg) bool {
	km := m.com.KeyMap
	if m.focus == focusSidebar {
		return key.Matches(msg, km.Sidebar.Up, km.Sidebar.Down, km.Sidebar.Open)
	}
	t := km.Transcript
	return key.Matches(msg, t.Up, t.Down, t.Top, t.Bottom)
}
