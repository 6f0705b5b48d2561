package ui

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
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
		return m.clip.copySelected(m.transcript.Selected()), true
	case key.Matches(msg, t.CopyCode):
		return m.clip.copyCode(m.transcript.Selected()), true
	case key.Matches(msg, t.View):
		return m.progs.pageMessage(m.transcript.Selected()), true
	case key.Matches(msg, t.Delete):
		return m.askDeleteSelected(), true
	case key.Matches(msg, t.Reasoning): // the global toggle stays on Global.ToggleReasoning
		return m.toggleSelected(m.transcript.ToggleReasoning, common.ReportError(errors.New("the selected message has no reasoning"))), true
	case key.Matches(msg, t.Expand):
		return m.toggleSelected(m.transcript.ToggleFold, common.ReportInfo("the selected message is shown in full")), true
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
		return m.clip.copyLastReply(m.st.Lane(m.lane)), true
	case key.Matches(msg, c.Editor):
		return m.progs.edit(m.composer.Value()), true
	}
	text, set, ok := m.recall.key(c, msg, m.st, m.lane, m.composer.Value())
	if !set {
		return nil, ok
	}
	m.composer.SetValue(text)
	m.scr.mark(needLayout)
	return m.syncDrawer(), true
}

// toggleSelected flips a part of the selected message: its reasoning
// shown or hidden, a long message of the user's in full or folded. toggle
// reports whether the message has that part; refusal says so when not.
func (m *Model) toggleSelected(toggle func() bool, refusal tea.Cmd) tea.Cmd {
	if m.transcript.Selected() == nil {
		return noSelection(m.com.KeyMap)
	}
	if !toggle() {
		return refusal
	}
	m.scr.mark(needRedraw)
	return nil
}
