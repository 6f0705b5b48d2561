package ui

import (
	"errors"
	"fmt"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/statusbar"
)

// ClientEventsMsg is the root model's one inbound message from the
// gateway: a batch of wsclient events in arrival order, as client.go's
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
		return m.syncFailed(ev)
	case *session.StateEvent:
		return m.handleConn(ev)
	case *session.SilenceEvent:
		return m.silence(ev)
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

// syncFailed shows, next to the connection state, that the gateway answered
// sync with an error and when the client tries again (until a sync
// succeeds), and says why in a status message.
func (m *Model) syncFailed(ev *session.SyncFailedEvent) tea.Cmd {
	c := m.status.Conn()
	c.SyncAttempt, c.SyncRetryAt = ev.Attempt, m.com.Now().Add(ev.Delay)
	m.status.SetConn(c)
	text := "sync failed: " + ev.Err.Error()
	info := func() tea.Msg {
		return common.InfoMsg{Level: common.LevelWarn, Text: text, TTL: ev.Delay + 2*time.Second}
	}
	return tea.Batch(info, m.scr.clockTick())
}

// silence shows, in place of "online", how long the gateway has not
// answered (counting each second), until it talks again or the connection
// is declared dead.
func (m *Model) silence(ev *session.SilenceEvent) tea.Cmd {
	c := m.status.Conn()
	if c.State != common.ConnOnline {
		return nil
	}
	c.Unanswered = time.Time{}
	if !ev.Over {
		c.Unanswered = m.com.Now().Add(-ev.Unanswered)
	}
	m.status.SetConn(c)
	return m.scr.clockTick()
}

// sendCause says in a few words why a request failed, for the message it
// carried: how long the gateway has been silent when it is, else the
// error's cause.
func (m *Model) sendCause(err error) string {
	if c := m.status.Conn(); c.State == common.ConnOnline && !c.Unanswered.IsZero() {
		return statusbar.NoAnswer(m.com.Now().Sub(c.Unanswered))
	}
	switch {
	case session.TimedOut(err):
		return fmt.Sprintf("no answer from the gateway in %d s", int(math.Ceil(m.opts.RequestTimeout.Seconds())))
	case session.ConnectionLost(err):
		if m.connErr != nil && m.conn != common.ConnOnline {
			return "connection lost: " + common.ConnCause(m.connErr)
		}
		return "connection lost before the gateway answered"
	}
	return common.ConnCause(err)
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
