package ui

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/common"
)

// selectionKey handles the keys on the transcript's selected message while
// the transcript has focus. ok is false for any other key.
func (m *Model) selectionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.scr.focus != focusTranscript {
		return nil, false
	}
	t := m.com.KeyMap.Transcript
	switch {
	case key.Matches(msg, t.Copy):
		return m.copySelected(), true
	case key.Matches(msg, t.CopyCode):
		return m.copyCode(), true
	case key.Matches(msg, t.View):
		return m.viewSelected(), true
	case key.Matches(msg, t.Delete):
		return m.askDeleteSelected(), true
	case key.Matches(msg, t.Reasoning):
		return m.toggleMessageReasoning(), true
	case key.Matches(msg, t.Expand):
		return m.toggleMessageFold(), true
	}
	return nil, false
}

// composerKey handles the composer's own shortcuts (copy the last reply
// and edit in $EDITOR) before the text area sees the key. ok is false for any other key.
func (m *Model) composerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.scr.focus != focusComposer {
		return nil, false
	}
	c := m.com.KeyMap.Composer
	switch {
	case key.Matches(msg, c.CopyLast):
		return m.copyLastReply(), true
	case key.Matches(msg, c.Editor):
		return m.openEditor(), true
	}
	return m.recallKey(msg)
}

// toggleMessageReasoning shows or hides the selected message's reasoning
// (the global toggle stays on Global.ToggleReasoning).
func (m *Model) toggleMessageReasoning() tea.Cmd {
	if m.transcript.Selected() == nil {
		return m.noSelection()
	}
	if !m.transcript.ToggleReasoning() {
		return common.ReportError(errors.New("the selected message has no reasoning"))
	}
	m.scr.mark(needRedraw)
	return nil
}

// toggleMessageFold shows the selected long message of the user's in full,
// or folds it again.
func (m *Model) toggleMessageFold() tea.Cmd {
	if m.transcript.Selected() == nil {
		return m.noSelection()
	}
	if !m.transcript.ToggleFold() {
		return common.ReportInfo("the selected message is shown in full")
	}
	m.scr.mark(needRedraw)
	return nil
}
