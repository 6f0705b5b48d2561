package linear

import (
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// stateLines says each change of the connection's and the gateway's
// state once: connecting (the first time), online, connection lost and
// reconnecting (with the time of the next try; the tries after it say
// nothing until it is online again), a degraded gateway.
type stateLines struct {
	began  bool // a state was reported
	online bool // it is online
	was    bool // it was online once
	outage bool // the outage was said
	status string
}

// connection returns the line for a connection state event, or "".
func (s *stateLines) connection(ev *wsclient.StateEvent) string {
	first := !s.began
	s.began = true
	cause := ""
	if ev.Err != nil {
		cause = " (" + termsafe.Line(ev.Err.Error()) + ")"
	}
	switch ev.State {
	case wsclient.StateConnecting:
		if first {
			return "Connecting."
		}
	case wsclient.StateOnline:
		if s.online {
			return ""
		}
		again := ""
		if s.was {
			again = " again"
		}
		s.online, s.was, s.outage = true, true, false
		return "Online" + again + "."
	case wsclient.StateReconnecting:
		wasOnline := s.online
		s.online = false
		if s.outage {
			return ""
		}
		s.outage = true
		at := ""
		if !ev.RetryAt.IsZero() {
			at = ", next try at " + ev.RetryAt.Local().Format(time.TimeOnly)
		}
		if wasOnline {
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

// gateway returns the line for the gateway's status when it became or
// stopped being degraded, or "" (a restart is said by the store's notice
// in the lane, and online by the connection).
func (s *stateLines) gateway(status string) string {
	prev := s.status
	s.status = status
	switch {
	case status == prev:
		return ""
	case status == frame.StateDegraded:
		return "Gateway degraded: it may answer slowly or not at all."
	case prev == frame.StateDegraded && status == frame.StateOnline:
		return "Gateway no longer degraded."
	}
	return ""
}
