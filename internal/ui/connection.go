package ui

import (
	"errors"
	"fmt"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/statusbar"
)

// connection is the gateway connection as the user sees it: its state and
// the error of the last failed attempt, what the status bar shows of them
// (sync retries, a silent gateway), the rejected token's banner, and the
// wording of why a request failed (the engine's Cause).
type connection struct {
	com         *common.Common
	scr         *screen
	status      *statusbar.Model
	timeout     time.Duration // Options.RequestTimeout
	tokenSource string        // Options.TokenSource
	state       common.ConnState
	err         error // why the last connection attempt failed (Global.ConnDetail)
}

// online reports whether the connection is up.
func (c *connection) online() bool { return c.state == common.ConnOnline }

// changed takes the client's new state and returns what the status bar
// will show of it (show puts it there).
func (c *connection) changed(ev *session.StateEvent) statusbar.Conn {
	c.state = connState(ev.State)
	bar := statusbar.Conn{State: c.state, Attempt: ev.Attempt, RetryAt: ev.RetryAt}
	var he *session.HandshakeError
	switch {
	case errors.As(ev.Err, &he):
		bar.Err = he.Err.Error() // the bar says "handshake failed" itself
	case ev.Err != nil:
		bar.Err = ev.Err.Error()
	}
	if ev.Err != nil {
		bar.Cause = common.ConnCause(ev.Err)
		c.err = ev.Err
	}
	return bar
}

// show puts bar in the status bar, with the rejected token's banner or the
// failed handshake's error when the change was one of them.
func (c *connection) show(bar statusbar.Conn, err error) tea.Cmd {
	var report tea.Cmd
	switch {
	case c.state == common.ConnAuthFailed:
		bar.Fix = c.tokenRejected(err)
	case (c.state == common.ConnProtocolMismatch || c.state == common.ConnHandshakeFailed) && err != nil:
		report = common.ReportError(err)
	}
	c.status.SetConn(bar)
	return tea.Batch(report, c.scr.clockTick())
}

// syncFailed shows, next to the connection state, that the gateway answered
// sync with an error and when the client tries again (until a sync
// succeeds), and says why in a status message.
func (c *connection) syncFailed(ev *session.SyncFailedEvent) tea.Cmd {
	bar := c.status.Conn()
	bar.SyncAttempt, bar.SyncRetryAt = ev.Attempt, c.com.Now().Add(ev.Delay)
	c.status.SetConn(bar)
	text := "sync failed: " + ev.Err.Error()
	info := func() tea.Msg {
		return common.InfoMsg{Level: common.LevelWarn, Text: text, TTL: ev.Delay + 2*time.Second}
	}
	return tea.Batch(info, c.scr.clockTick())
}

// silence shows, in place of "online", how long the gateway has not
// answered (counting each second), until it talks again or the connection
// is declared dead.
func (c *connection) silence(ev *session.SilenceEvent) tea.Cmd {
	bar := c.status.Conn()
	if bar.State != common.ConnOnline {
		return nil
	}
	bar.Unanswered = time.Time{}
	if !ev.Over {
		bar.Unanswered = c.com.Now().Add(-ev.Unanswered)
	}
	c.status.SetConn(bar)
	return c.scr.clockTick()
}

// cause says in a few words why a request failed, for the message it
// carried: how long the gateway has been silent when it is, else the
// error's cause.
func (c *connection) cause(err error) string {
	if bar := c.status.Conn(); bar.State == common.ConnOnline && !bar.Unanswered.IsZero() {
		return statusbar.NoAnswer(c.com.Now().Sub(bar.Unanswered))
	}
	switch {
	case session.TimedOut(err):
		return fmt.Sprintf("no answer from the gateway in %d s", int(math.Ceil(c.timeout.Seconds())))
	case session.ConnectionLost(err):
		if c.err != nil && !c.online() {
			return "connection lost: " + common.ConnCause(c.err)
		}
		return "connection lost before the gateway answered"
	}
	return common.ConnCause(err)
}
