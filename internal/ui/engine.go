package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// The one place the engine's results become bubbletea's: run hands a
// session.Result's store change on (applyChange), shows its notices in the
// status bar, and turns each of its Work into a tea.Cmd whose reply comes
// back through route to the engine (session.Reply).

// Gateway is what the UI needs of the protocol client; *wsclient.Client
// satisfies it. It is the engine's connection (session.Conn) that also
// sends read receipts (session.Sender): its methods are only ever called
// inside tea.Cmds.
type Gateway interface {
	session.Conn
	session.Sender
}

// AuditLog records the answers given to pickers on this device;
// *audit.Log satisfies it (session.AuditLog).
type AuditLog = session.AuditLog

// run carries out what an engine entry point returned.
func (m *Model) run(r session.Result) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(r.Notices)+len(r.Work)+1)
	if !r.Change.Empty() {
		cmds = append(cmds, m.applyChange(r.Change, nil))
	}
	for _, n := range r.Notices {
		cmds = append(cmds, noticeCmd(n))
	}
	for _, w := range r.Work {
		cmds = append(cmds, workCmd(w))
	}
	return tea.Batch(cmds...)
}

// requestCmd runs request f (session.Engine.Request) in a command and maps
// the answer with done.
func requestCmd(eng *session.Engine, f frame.Frame, done func(frame.Frame, error) tea.Msg) tea.Cmd {
	return workCmd(eng.Request(f, func(resp frame.Frame, err error) any { return done(resp, err) }))
}

// workCmd runs w in a tea.Cmd; a Notice it returns goes to the status bar,
// anything else (a session.Reply) comes back to Update.
func workCmd(w session.Work) tea.Cmd {
	if w == nil {
		return nil
	}
	return func() tea.Msg {
		switch out := w(context.Background()).(type) {
		case nil:
			return nil
		case session.Notice:
			return infoMsg(out)
		case session.Events: // the broadcast a request's answer stands for
			return ClientEventsMsg(out)
		default:
			return out
		}
	}
}

// noticeCmd shows n in the status bar.
func noticeCmd(n session.Notice) tea.Cmd {
	return func() tea.Msg { return infoMsg(n) }
}

func infoMsg(n session.Notice) common.InfoMsg {
	return common.InfoMsg{Level: common.Level(n.Level), Text: n.Text, TTL: n.TTL}
}
