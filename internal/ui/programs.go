package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// programs starts the programs Iris hands the terminal to: the editor for
// a draft ($VISUAL, $EDITOR) and the pager for text ($PAGER), suspending
// the UI (tea.ExecProcess). Their temporary files are written in the
// tea.Cmd that starts the program and read back, then removed, as it
// exits, never in Update.
type programs struct {
	com  *common.Common // the keys named in hints, the store and zone of /view
	term *terminal
	off  string // why no program starts (Options.ProgramsOff); "" when they do
}

// Messages of the programs.
type (
	// editorDoneMsg reports that the editor exited: the edited text, or
	// why there is none.
	editorDoneMsg struct {
		text string
		err  error // the editor failed or exited non-zero
		read error // the edited file could not be read
	}
	// pagerDoneMsg reports that the pager exited.
	pagerDoneMsg struct{ err error }
)

// edit opens draft in the editor; editorDoneMsg brings the text back.
func (p *programs) edit(draft string) tea.Cmd {
	if p.off != "" {
		return common.ReportError(errors.New("no editor: " + p.off))
	}
	argv := p.term.editorCommand()
	return func() tea.Msg {
		path, err := tempFile("iris-draft-*.md", draft)
		if err != nil {
			return common.ReportError(fmt.Errorf("cannot open the editor: %w", err))()
		}
		c := exec.Command(argv[0], append(argv[1:], path)...)
		return tea.ExecProcess(c, editorExited(path))()
	}
}

// editorExited reads the edited file at path back and removes it.
func editorExited(path string) tea.ExecCallback {
	return func(err error) tea.Msg {
		defer os.Remove(path)
		if err != nil {
			return editorDoneMsg{err: err}
		}
		b, rerr := os.ReadFile(path)
		if rerr != nil {
			return editorDoneMsg{read: rerr}
		}
		return editorDoneMsg{text: strings.TrimSuffix(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")} // editors end the file with a newline
	}
}

// edited is what the user is told of an editor that brought no text back
// (nil when it did).
func (p *programs) edited(msg editorDoneMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		return common.ReportError(fmt.Errorf("editor %s: %w; the draft is unchanged", p.term.editorCommand()[0], msg.err))
	case msg.read != nil:
		return common.ReportError(fmt.Errorf("reading the edited draft: %w; the draft is unchanged", msg.read))
	}
	return nil
}

// page shows text in the pager, from a temporary file.
func (p *programs) page(text string) tea.Cmd {
	if p.off != "" {
		return common.ReportError(errors.New("no pager: " + p.off))
	}
	return func() tea.Msg {
		path, err := tempFile("iris-view-*.txt", text)
		if err != nil {
			return common.ReportError(fmt.Errorf("cannot open the pager: %w", err))()
		}
		return p.pageFile(path, true)()
	}
}

// pageFile runs the pager on the file at path; remove deletes the file
// afterwards (a temporary one).
func (p *programs) pageFile(path string, remove bool) tea.Cmd {
	if p.off != "" {
		return common.ReportError(errors.New("no pager: " + p.off))
	}
	argv := p.term.pagerCommand()
	c := exec.Command(argv[0], append(argv[1:], path)...)
	return tea.ExecProcess(c, func(err error) tea.Msg {
		if remove {
			_ = os.Remove(path)
		}
		return pagerDoneMsg{err: err}
	})
}

// paged reports a pager that could not run (its own exit status is its
// business).
func (p *programs) paged(msg pagerDoneMsg) tea.Cmd {
	var ee *exec.ExitError
	if msg.err != nil && !errors.As(msg.err, &ee) {
		return common.ReportError(fmt.Errorf("$PAGER %s: %w", p.term.pagerCommand()[0], msg.err))
	}
	return nil
}

// tempFile writes text to a new temporary file named after pattern and
// returns its path; a file that could not be written whole is removed.
func tempFile(pattern, text string) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	_, werr := f.WriteString(text)
	if cerr := f.Close(); werr != nil || cerr != nil {
		_ = os.Remove(f.Name())
		return "", errors.Join(werr, cerr)
	}
	return f.Name(), nil
}
