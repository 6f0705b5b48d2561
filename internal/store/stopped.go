package store

import "github.com/hermes/iris/frame"

// StopRequested records that the user asked lane l's agent to stop: the
// reply that ends the running turn (by message.stop or agent.idle) is then
// marked Stopped, so a stopped reply does not look like a finished one.
func (s *State) StopRequested(l frame.Lane) {
	if ln := s.existingLane(l); ln != nil && ln.Busy {
		ln.stopAsked = true
	}
}

// markStopped marks msg, a reply ending the lane's turn, as stopped when
// the user asked for the stop.
func (s *State) markStopped(ln *Lane, it *Item) {
	if !ln.stopAsked || it.Msg == nil || it.Msg.Role != frame.RoleAssistant || it.Msg.Stopped {
		return
	}
	it.Msg.Stopped = true
	s.touch(ln, it)
}

// stopAnswered marks the turn's last reply stopped (agent.idle ended a
// turn the user stopped) and forgets the request.
func (s *State) stopAnswered(ln *Lane) {
	if !ln.stopAsked {
		return
	}
	for i := len(ln.items) - 1; i >= 0 && !isUserMsg(ln.items[i]); i-- {
		if ln.items[i].Msg != nil {
			s.markStopped(ln, ln.items[i])
			break
		}
	}
	ln.stopAsked = false
}

// StopPending reports whether the user asked lane l's running turn to stop
// and the turn has not ended yet.
func (s *State) StopPending(l frame.Lane) bool {
	ln := s.existingLane(l)
	return ln != nil && ln.stopAsked
}
