package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/dialog"
)

// backToComposer takes a key typed in the sidebar or the transcript that
// belongs to the composer: the compose key (i) goes back to it, and any
// other printable text that is not one of the pane's own keys is typed
// there, so nothing typed is lost. ok is false for every other key.
func (m *Model) backToComposer(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.scr.focus == focusComposer {
		return nil, false
	}
	if key.Matches(msg, m.com.KeyMap.Transcript.Compose) {
		return m.scr.setFocus(focusComposer), true
	}
	if msg.Text == "" || msg.Mod&^tea.ModShift != 0 || m.scr.paneKey(msg) {
		return nil, false
	}
	cmd := m.scr.setFocus(focusComposer)
	return tea.Batch(cmd, m.handleKey(msg)), true
}

// paneKey reports whether msg is one of the focused list pane's own keys.
func (s *screen) paneKey(msg tea.KeyPressMsg) bool {
	km := s.com.KeyMap
	if s.focus == focusSidebar {
		return key.Matches(msg, km.Sidebar.Up, km.Sidebar.Down, km.Sidebar.Open)
	}
	t := km.Transcript
	return key.Matches(msg, t.Up, t.Down, t.Top, t.Bottom)
}

// cycleFocus moves focus composer → transcript → sidebar (when shown).
func (s *screen) cycleFocus(step int) tea.Cmd {
	order := []focusArea{focusComposer, focusTranscript}
	if s.layout.sidebar > 0 {
		order = append(order, focusSidebar)
	}
	i := 0
	for j, f := range order {
		if f == s.focus {
			i = j
		}
	}
	return s.setFocus(order[(i+step+len(order))%len(order)])
}

// setFocus gives area f the keys and shows which pane has them.
func (s *screen) setFocus(f focusArea) tea.Cmd {
	s.focus = f
	s.panes.sidebar.SetFocused(f == focusSidebar)
	s.panes.transcript.SetFocused(f == focusTranscript)
	s.panes.status.SetTyping(f == focusComposer)
	s.mark(needRedraw)
	if f == focusComposer {
		return s.panes.composer.Focus()
	}
	s.panes.composer.Blur()
	return nil
}

// openHelp opens the help overlay (the help key, /keys) with the keys of
// here: the focused pane's first, then the keys that work everywhere, then
// the media keys while media is on.
func (s *screen) openHelp(media bool) {
	var here dialog.HelpSection
	switch s.focus {
	case focusTranscript:
		here = dialog.HelpSection{Title: "Transcript", Keys: s.panes.transcript}
	case focusSidebar:
		here = dialog.HelpSection{Title: "Channels", Keys: s.panes.sidebar}
	default:
		here = dialog.HelpSection{Title: "Composer", Keys: s.panes.composer}
	}
	secs := []dialog.HelpSection{here}
	for _, title := range []string{"Global", "Media"} {
		if g, ok := s.com.KeyMap.Group(title); ok && (title != "Media" || media) {
			secs = append(secs, dialog.HelpSection{Title: title, Keys: g})
		}
	}
	s.openDialog(dialog.NewHelp(s.com, secs...))
}
