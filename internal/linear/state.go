package linear

import (
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/wsclient"
)

// stateLines says each change of the connection's and the gateway's
// state once: online, connection lost and reconnecting (with the time of
// the next try), the gateway's status.
type stateLines struct {
	conn   wsclient.State
	began  bool // a state was reported
	online bool // it was online once
	status string
}

// connection returns the line for a connection state event, or "".
func (s *stateLines) connection(ev *wsclient.StateEvent) string {
	prev, first := s.conn, !s.began
	s.conn, s.began = ev.State, true
	if !first && prev == ev.State {
		return ""
	}
	cause := ""
	if ev.Err != nil {
		cause = " (" + termsafe.Line(ev.Err.Error()) + ")"
	}
	switch ev.State {
	case wsclient.StateConnecting:
		return "Connecting."
	case wsclient.StateOnline:
		again := ""
		if s.online {
			again = " again"
		}
		s.online = true
		return "Online" + again + "."
	case wsclient.StateReconnecting:
		at := ""
		if !ev.RetryAt.IsZero() {
			at = ", next try at " + ev.RetryAt.Local().Format(time.TimeOnly)
		}
		if prev == wsclient.StateOnline {
			return "Connection lost" + cause + ". Reconnecting" + at + "."
		}
		return "Cannot reach the gateway" + cause + ". Retrying" + at + "."
	case wsclient.StateAuthFailed:
		return "The gateway rejected the token."
	case wsclient.StateProtocolMismatch, wsclient.StateHandshakeFailed:
		return "The gateway cannot be used" + cause + "."
	}
	return ""
}

// gateway returns the line for the gateway's status when it changed, or
// "" (a restart's own notice is printed from the lane).
func (s *stateLines) gateway(status string) string {
	if status == s.status {
		return ""
	}
	prev := s.status
	s.status = status
	switch {
	case status == frame.StateRestarting:
		return "" // the store's notice says it in the lane
	case status == "" || prev == "" && status == frame.StateOnline:
		return ""
	}
	return "Gateway status: " + termsafe.Line(status) + "."
}
