package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// drawerKey gives the open drawer the keys it takes (before global keys,
// so Tab completes and Esc closes it). ok is false when it takes none.
func (m *Model) drawerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.scr.focus != focusComposer || !m.drawer.Wants(msg) {
		return nil, false
	}
	m.pick.noteTyping()
	act, cmd := m.drawer.Update(msg)
	m.scr.mark(needRedraw)
	return tea.Batch(cmd, m.handleAction(act)), true
}

// syncDrawer feeds the composer's text to the drawer.
func (m *Model) syncDrawer() tea.Cmd {
	m.drawer.SetSize(m.scr.layout.main, 0)
	return m.handleAction(m.drawer.SetText(m.composer.Value()))
}

// complete puts the drawer's completion in the composer.
func (m *Model) complete(text string) tea.Cmd {
	m.composer.SetValue(text)
	return m.syncDrawer()
}

// runClient runs one of Iris's own commands (see drawer.Builtins).
func (m *Model) runClient(name, args string) tea.Cmd {
	switch name {
	case "/attach":
		cmd, _ := m.attachSlash(attachCommand + " " + args)
		return cmd
	case "/search":
		return m.openSearch(args)
	case "/channel":
		return m.openChannels(args)
	case "/thread":
		switch args {
		case "auto":
			return m.toggleAutoThread()
		case "", "new":
			return m.openChannels(dialog.OpNewThread)
		}
		return common.ReportError(errors.New("usage: /thread [new|auto]"))
	case "/stop":
		return m.stopFocused()
	case "/theme":
		return m.scr.setThemeName(m.st, args)
	case "/keys":
		m.scr.openHelp(!mediaOff(m.st))
		return nil
	case "/settings":
		m.scr.openDialog(dialog.NewSettings(m.com, m.scr.theme))
		return nil
	case "/pickers":
		return m.pick.openInbox()
	case "/view":
		return m.progs.pageLane(m.lane)
	case "/quit":
		return m.quit()
	}
	return common.ReportError(fmt.Errorf("unknown command %s", name))
}

// openChannels opens channel management at op ("" for the menu).
func (m *Model) openChannels(op string) tea.Cmd {
	if m.lane.ChatID == "" {
		return common.ReportError(errors.New("no channel yet"))
	}
	switch op {
	case "", dialog.OpNewChannel, dialog.OpNewThread, dialog.OpRename, dialog.OpDefault, dialog.OpDelete:
	default:
		return common.ReportError(errors.New("usage: /channel [new|rename|default|delete]"))
	}
	m.scr.openDialog(dialog.NewChannelOp(m.com, m.lane, op))
	return nil
}

// toggleAutoThread makes the next message start a thread of its own.
func (m *Model) toggleAutoThread() tea.Cmd {
	if m.lane.ThreadID != "" {
		return common.ReportError(errors.New("already in a thread: a new thread starts from a channel"))
	}
	m.autoThread = !m.autoThread
	m.composer.SetAutoThread(m.autoThread)
	m.scr.mark(needLayout)
	return common.ReportInfo(onOff(m.autoThread, "the next message starts a new thread", "the next message stays in the channel"))
}

// trimCommand drops the spaces after a one-line / command ("/model " as
// Tab completed it is sent as "/model"); other text is sent as typed.
func trimCommand(text string) string {
	if strings.HasPrefix(text, "/") && !strings.Contains(text, "\n") {
		return strings.TrimRight(text, " ")
	}
	return text
}
