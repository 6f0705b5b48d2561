package store

import "github.com/hermes/iris/frame"

// NewInstance records the instance_id of a connection's hello.ack (the
// extension instance_id, PROTOCOL-EXTENSIONS.md) and reports whether it
// differs from the one remembered: the gateway process started again since
// (killed and restarted without announcing it, perhaps with its cursor
// kept). It is then handled as a gateway whose cursor went back: the
// pickers pending here are withdrawn (the new process forgot them), and
// the caller notes the reset for the reconciliation (Reconcile.GatewayReset).
// A gateway that sends no instance id changes nothing.
func (s *State) NewInstance(a *frame.HelloAck) (bool, Change) {
	s.begin()
	id := a.InstanceID
	if !frame.Offers(a.ServerCaps.InstanceID) || id == "" || id == s.instance {
		return false, s.end()
	}
	restarted := s.instance != ""
	s.instance = id
	s.dirtyMeta(metaInstance)
	if restarted {
		s.withdrawAll()
	}
	return restarted, s.end()
}
