package ui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/statusbar"
	"github.com/hermes/iris/wsclient"
)

// ClientEventsMsg is the root model's one inbound message from the
// gateway: a batch of wsclient events in arrival order, as client.go's
// bridge drains them with Client.NextBatch (a request's answer that stands
// for a broadcast, such as message.deleted, is applied through it too).
// Consecutive frames are applied together and rendered once; other events
// are handled in order between them. A batch whose frames need the
// database read first waits for that read, and later batches wait behind
// it (session.Scheduler).
type ClientEventsMsg []wsclient.Event

func (m *Model) handleClientEvents(evs ClientEventsMsg) tea.Cmd { return m.held.Events(evs) }

// handleClientEvent handles one event other than a frame (frames are
// applied in runs by handleClientEvents).
func (m *Model) handleClientEvent(ev wsclient.Event) tea.Cmd {
	switch ev := ev.(type) {
	case *wsclient.HelloEvent:
		ack := ev.Ack
		if restarted, chg := m.st.NewInstance(&ack); restarted {
			m.eng.Recon().GatewayReset() // a new gateway process lost its turns too
			return tea.Batch(m.applyChange(chg, nil), m.handleFrame(frame.Frame{Type: frame.TypeHelloAck, Payload: &ack}))
		}
		return m.handleFrame(frame.Frame{Type: frame.TypeHelloAck, Payload: &ack})
	case *wsclient.CursorEvent:
		if c := m.status.Conn(); c.SyncAttempt > 0 {
			c.SyncAttempt, c.SyncRetryAt = 0, time.Time{}
			m.status.SetConn(c)
		}
		return m.syncDone(ev.Cursor)
	case *wsclient.CursorResetEvent:
		m.eng.Recon().GatewayReset() // a gateway that went back lost its turns too
		return m.applyChange(m.st.ResetCursor(ev.Gateway), nil)
	case *wsclient.SyncFailedEvent:
		return m.syncFailed(ev)
	case *wsclient.StateEvent:
		return m.handleConn(ev)
	case *wsclient.SilenceEvent:
		return m.silence(ev)
	case *wsclient.ProtocolErrorEvent:
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
func (m *Model) syncFailed(ev *wsclient.SyncFailedEvent) tea.Cmd {
	c := m.status.Conn()
	c.SyncAttempt, c.SyncRetryAt = ev.Attempt, m.com.Now().Add(ev.Delay)
	m.status.SetConn(c)
	text := "sync failed: " + ev.Err.Error()
	info := func() tea.Msg {
		return common.InfoMsg{Level: common.LevelWarn, Text: text, TTL: ev.Delay + 2*time.Second}
	}
	return tea.Batch(info, m.clockTick())
}

// silence shows, in place of "online", how long the gateway has not
// answered (counting each second), until it talks again or the connection
// is declared dead.
func (m *Model) silence(ev *wsclient.SilenceEvent) tea.Cmd {
	c := m.status.Conn()
	if c.State != common.ConnOnline {
		return nil
	}
	c.Unanswered = time.Time{}
	if !ev.Over {
		c.Unanswered = m.com.Now().Add(-ev.Unanswered)
	}
	m.status.SetConn(c)
	return m.clockTick()
}

// sendCause says in a few words why a request failed, for the message it
// carried: how long the gateway has been silent when it is, else the
// error's cause.
func (m *Model) sendCause(err error) string {
	if c := m.status.Conn(); c.State == common.ConnOnline && !c.Unanswered.IsZero() {
		return statusbar.NoAnswer(m.com.Now().Sub(c.Unanswered))
	}
	switch {
	case errors.Is(err, wsclient.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer from the gateway in %d s", int(math.Ceil(m.opts.RequestTimeout.Seconds())))
	case errors.Is(err, wsclient.ErrConnectionLost):
		if m.connErr != nil && m.conn != common.ConnOnline {
			return "connection lost: " + common.ConnCause(m.connErr)
		}
		return "connection lost before the gateway answered"
	}
	return common.ConnCause(err)
}

// connState maps the client's state to the status bar's.
func connState(s wsclient.State) common.ConnState {
	switch s {
	case wsclient.StateOnline:
		return common.ConnOnline
	case wsclient.StateReconnecting:
		return common.ConnReconnecting
	case wsclient.StateAuthFailed:
		return common.ConnAuthFailed
	case wsclient.StateProtocolMismatch:
		return common.ConnProtocolMismatch
	case wsclient.StateHandshakeFailed:
		return common.ConnHandshakeFailed
	case wsclient.StateStopped:
		return common.ConnOffline
	}
	return common.ConnConnecting
}
