package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
)

// pagerDoneMsg reports that the pager exited.
type pagerDoneMsg struct {
	path   string // the file shown
	remove bool   // path is a temporary file to delete
	err    error
}

// pagerCommand is $PAGER split into words, or "less -R".
func (m *Model) pagerCommand() []string {
	if f := strings.Fields(m.term.env("PAGER")); len(f) > 0 {
		return f
	}
	return []string{"less", "-R"}
}

// viewSelected opens the selected message in the pager.
func (m *Model) viewSelected() tea.Cmd {
	it := m.transcript.Selected()
	if it == nil {
		return m.noSelection()
	}
	return m.openPager(m.plainMessage(it))
}

// viewLane opens the focused lane in the pager (/view).
func (m *Model) viewLane() tea.Cmd {
	text := m.laneText()
	if text == "" {
		return common.ReportError(errors.New("no messages to view in this lane"))
	}
	return m.openPager(text)
}

// laneText is every loaded message of the focused lane as plain text,
// oldest first, under the lane's name; "" when it holds none.
func (m *Model) laneText() string {
	ln := m.st.Lane(m.lane)
	var parts []string
	if ln != nil {
		for i := range ln.Len() {
			if it := ln.Item(i); it.Kind == store.KindMessage && it.Msg != nil {
				parts = append(parts, m.plainMessage(it))
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "# " + termsafe.Line(common.LaneLabel(m.st, m.lane)) + "\n\n" + strings.Join(parts, "\n")
}

// plainMessage is a message as plain text for the pager: a header line
// (author and time) and the sanitised source text, no escape sequences.
func (m *Model) plainMessage(it *store.Item) string {
	who := "You"
	if it.Msg.Role != frame.RoleUser {
		who = "Assistant"
	}
	when := it.Msg.TS.In(m.opts.Location).Format("2006-01-02 15:04")
	var b strings.Builder
	fmt.Fprintf(&b, "── %s · %s\n", who, when)
	if r := termsafe.Text(it.Msg.Reasoning); r != "" {
		b.WriteString("[reasoning]\n" + r + "\n[/reasoning]\n")
	}
	b.WriteString(termsafe.Text(it.Msg.Text))
	b.WriteString("\n")
	return b.String()
}

// openPager writes text to a temporary file and opens it in the pager.
func (m *Model) openPager(text string) tea.Cmd {
	if m.opts.ProgramsOff != "" {
		return common.ReportError(errors.New("no pager: " + m.opts.ProgramsOff))
	}
	f, err := os.CreateTemp("", "iris-view-*.txt")
	if err != nil {
		return common.ReportError(fmt.Errorf("cannot open the pager: %w", err))
	}
	_, werr := f.WriteString(text)
	if cerr := f.Close(); werr != nil || cerr != nil {
		_ = os.Remove(f.Name())
		return common.ReportError(fmt.Errorf("cannot open the pager: %w", errors.Join(werr, cerr)))
	}
	return m.runPager(f.Name(), true)
}

// runPager runs the pager on the file at path, suspending the UI
// (tea.ExecProcess); remove deletes the file afterwards (a temporary one).
func (m *Model) runPager(path string, remove bool) tea.Cmd {
	if m.opts.ProgramsOff != "" {
		return common.ReportError(errors.New("no pager: " + m.opts.ProgramsOff))
	}
	argv := m.pagerCommand()
	c := exec.Command(argv[0], append(argv[1:], path)...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return pagerDoneMsg{path: path, remove: remove, err: err} })
}

// pagerDone removes a temporary file and reports a pager that could not
// run (its own exit status is its business).
func (m *Model) pagerDone(msg pagerDoneMsg) tea.Cmd {
	if msg.remove {
		_ = os.Remove(msg.path)
	}
	var ee *exec.ExitError
	if msg.err != nil && !errors.As(msg.err, &ee) {
		return common.ReportError(fmt.Errorf("$PAGER %s: %w", m.pagerCommand()[0], msg.err))
	}
	return nil
}
