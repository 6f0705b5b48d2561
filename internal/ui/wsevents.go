package ui

import (
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// ClientEventsMsg is the root model's one inbound message from the
// gateway: a batch of wsclient events in arrival order, as internal/app/client.go's
// bridge drains them with Client.NextBatch (a request's answer that stands
// for a broadcast, such as message.deleted, is applied through it too).
// Consecutive frames are applied together and rendered once; other events
// are handled in order between them. A batch whose frames need the
// database read first waits for that read, and later batches wait behind
// it (session.Scheduler).
type ClientEventsMsg []session.Event

func (m *Model) handleClientEvents(evs ClientEventsMsg) tea.Cmd { return m.held.Events(evs) }

// handleClientEvent handles one event other than a frame (frames are
// applied in runs by handleClientEvents).
func (m *Model) handleClientEvent(ev session.Event) tea.Cmd {
	switch ev := ev.(type) {
	case *session.HelloEvent:
		ack := ev.Ack
		if chg := m.eng.NewInstance(&ack); !chg.Empty() {
			return tea.Batch(m.applyChange(chg, nil), m.handleFrame(frame.Frame{Type: frame.TypeHelloAck, Payload: &ack}))
		}
		return m.handleFrame(frame.Frame{Type: frame.TypeHelloAck, Payload: &ack})
	case *session.CursorEvent:
		if c := m.status.Conn(); c.SyncAttempt > 0 {
			c.SyncAttempt, c.SyncRetryAt = 0, time.Time{}
			m.status.SetConn(c)
		}
		return m.syncDone(ev.Cursor)
	case *session.CursorResetEvent:
		return m.applyChange(m.eng.ResetCursor(ev.Gateway), nil)
	case *session.SyncFailedEvent:
		return m.link.syncFailed(ev)
	case *session.StateEvent:
		return m.handleConn(ev)
	case *session.SilenceEvent:
		return m.link.silence(ev)
	case *session.ProtocolErrorEvent:
		var ve *frame.VersionError
		if errors.As(ev.Err, &ve) {
			return common.ReportError(ve)
		}
	}
	return nil
}

// syncDone stores the cursor a sync replay reached (queued behind every
// frame it covers), starts settling what the replay left running (see
// reconcile.go), and reports the focused lane's newest message read once
// for the whole replay, instead of one receipt per replayed message.
func (m *Model) syncDone(cursor int64) tea.Cmd {
	cmd := m.handleFrame(frame.Frame{Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: cursor}})
	cmd = tea.Batch(cmd, m.reconcileSynced())
	if !m.transcript.Following() {
		return cmd
	}
	return tea.Batch(cmd, m.readNewest())
}

// connState maps the client's state to the status bar's.
func connState(s session.ConnState) common.ConnState {
	switch s {
	case session.StateOnline:
		return common.ConnOnline
	case session.StateReconnecting:
		return common.ConnReconnecting
	case session.StateAuthFailed:
		return common.ConnAuthFailed
	case session.StateProtocolMismatch:
		return common.ConnProtocolMismatch
	case session.StateHandshakeFailed:
		return common.ConnHandshakeFailed
	case session.StateStopped:
		return common.ConnOffline
	}
	return common.ConnConnecting
}
