package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// editorCommand is $VISUAL, else $EDITOR, else vi, split into words (an
// editor may carry flags: "code --wait").
func (t *terminal) editorCommand() []string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if f := strings.Fields(t.env(v)); len(f) > 0 {
			return f
		}
	}
	return []string{"vi"}
}

// editorDone puts the edited text into the composer (it is not sent). An
// editor that failed or exited non-zero leaves the draft as it was.
func (m *Model) editorDone(msg editorDoneMsg) tea.Cmd {
	if cmd := m.progs.edited(msg); cmd != nil {
		return cmd
	}
	m.composer.SetValue(msg.text)
	m.scr.mark(needLayout)
	return tea.Batch(m.scr.setFocus(focusComposer), m.syncDrawer(), common.ReportInfo("draft edited: "+m.com.KeyMap.Composer.Send.Help().Key+" sends it"))
}
