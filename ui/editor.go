package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/common"
)

// editorDoneMsg reports that the external editor exited.
type editorDoneMsg struct {
	path string // the draft's temporary file
	err  error
}

// editorCommand is $VISUAL, else $EDITOR, else vi, split into words (an
// editor may carry flags: "code --wait").
func (m *Model) editorCommand() []string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if f := strings.Fields(m.term.env(v)); len(f) > 0 {
			return f
		}
	}
	return []string{"vi"}
}

// openEditor writes the draft to a temporary file and opens it in the
// editor, suspending the UI (tea.ExecProcess); editorDone takes the text
// back.
func (m *Model) openEditor() tea.Cmd {
	if m.opts.ProgramsOff != "" {
		return common.ReportError(errors.New("no editor: " + m.opts.ProgramsOff))
	}
	f, err := os.CreateTemp("", "iris-draft-*.md")
	if err != nil {
		return common.ReportError(fmt.Errorf("cannot open the editor: %w", err))
	}
	path := f.Name()
	_, werr := f.WriteString(m.composer.Value())
	if cerr := f.Close(); werr != nil || cerr != nil {
		_ = os.Remove(path)
		return common.ReportError(fmt.Errorf("cannot open the editor: %w", errors.Join(werr, cerr)))
	}
	argv := append(m.editorCommand(), path)
	c := exec.Command(argv[0], argv[1:]...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorDoneMsg{path: path, err: err} })
}

// editorDone puts the edited text into the composer (it is not sent). An
// editor that failed or exited non-zero leaves the draft as it was.
func (m *Model) editorDone(msg editorDoneMsg) tea.Cmd {
	defer os.Remove(msg.path)
	if msg.err != nil {
		return common.ReportError(fmt.Errorf("editor %s: %w; the draft is unchanged", m.editorCommand()[0], msg.err))
	}
	b, err := os.ReadFile(msg.path)
	if err != nil {
		return common.ReportError(fmt.Errorf("reading the edited draft: %w; the draft is unchanged", err))
	}
	text := strings.TrimSuffix(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n") // editors end the file with a newline
	m.composer.SetValue(text)
	m.scr.mark(needLayout)
	return tea.Batch(m.scr.setFocus(focusComposer), m.syncDrawer(), common.ReportInfo("draft edited: "+m.com.KeyMap.Composer.Send.Help().Key+" sends it"))
}
