package store

import (
	"slices"

	"github.com/hermes/iris/frame"
)

// While the connection is down, a reply that was streaming and a lane that
// was busy are not known to go on: ConnectionLost marks them at once, so
// the screen shows "connection lost" instead of a streaming cursor and a
// "thinking" spinner. The mark lives in memory only. A live sign of the
// turn clears it (the turn goes on); reconciliation after the reconnect
// settles the rest (Settle, Reconcile).

// ConnectionLost marks every lane in memory whose turn looked running, and
// its streaming messages, as cut off by the lost connection, and every
// pending picker as having waited through an outage.
func (s *State) ConnectionLost() Change {
	s.begin()
	for _, a := range s.answering {
		a.picker.Outage = true
	}
	for _, ln := range s.lanes {
		for i := range ln.pickers {
			ln.pickers[i].Outage = true
		}
		if ln.Lost || !ln.Busy && !ln.Typing && !hasOpen(ln) {
			continue
		}
		ln.Lost = true
		s.laneChanged(ln)
		for _, it := range ln.items {
			if it.Msg != nil && it.Msg.Streaming && !it.Msg.Lost {
				it.Msg.Lost = true
				s.touch(ln, it)
			}
		}
	}
	return s.end()
}

// hasOpen reports whether lane ln holds a streaming message or a running
// tool card.
func hasOpen(ln *Lane) bool {
	for _, it := range ln.items {
		if isOpen(it) {
			return true
		}
	}
	return false
}

// turnAlive clears lane l's lost marks: frame f shows its turn goes on.
func (s *State) turnAlive(f frame.Frame) {
	if !liveTurn[f.Type] && !frame.IsPicker(f.Type) {
		return
	}
	if ln := s.lanes[f.Lane()]; ln != nil && ln.Lost {
		s.clearLost(ln)
	}
}

// clearLost takes the lost marks off lane ln and its messages.
func (s *State) clearLost(ln *Lane) {
	ln.Lost = false
	s.laneChanged(ln)
	for _, it := range ln.items {
		if it.Msg != nil && it.Msg.Lost {
			it.Msg.Lost = false
			s.touch(ln, it)
		}
	}
}

// KeepLost clears the lost marks of every lane but those in pending (the
// lanes reconciliation still waits for): after a reconnect's sync, the
// others are known alive or left to their pickers.
func (s *State) KeepLost(pending []frame.Lane) Change {
	s.begin()
	for l, ln := range s.lanes {
		if ln.Lost && !slices.Contains(pending, l) {
			s.clearLost(ln)
		}
	}
	return s.end()
}
