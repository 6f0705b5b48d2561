package store

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
)

// Reconciliation after a reconnect: a turn the gateway no longer runs
// leaves a lane busy, a bubble streaming or a card running until something
// settles them. The UI asks Unsettled after the sync replay, waits a little
// for the gateway to show the turn is alive, and settles the rest.

// isOpen reports whether it is a streaming message or a running tool card.
func isOpen(it *Item) bool {
	return it.Msg != nil && it.Msg.Streaming || it.Tool != nil && it.Tool.Running
}

// cut closes it if it is open, recording how.
func (s *State) cut(ln *Lane, it *Item, c Cut) {
	switch {
	case it.Msg != nil && it.Msg.Streaming:
		it.Msg.Streaming, it.Msg.Cut = false, c
	case it.Tool != nil && it.Tool.Running:
		it.Tool.Running, it.Tool.Cut = false, c
	default:
		return
	}
	s.touch(ln, it)
}

// Unsettled returns the lanes whose agent is busy or typing, or that hold
// a streaming message or a running tool card, in a stable order. A
// persistent State includes lanes whose stored cards were left running by
// an earlier run (Open finds them through an index, without reading the
// transcripts).
func (s *State) Unsettled() []frame.Lane {
	var out []frame.Lane
	for l, ln := range s.lanes {
		if s.storedOpen[l] || !ln.notRead && (ln.Busy || ln.Typing || slices.ContainsFunc(ln.items, isOpen)) {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b frame.Lane) int {
		return cmp.Or(strings.Compare(a.ChatID, b.ChatID), strings.Compare(a.ThreadID, b.ThreadID))
	})
	return out
}

// Settle ends whatever lane l still shows as running, because the gateway
// gave no sign of the turn after a reconnect (c says why: CutRestart or
// CutLost): the lane is idle, its pickers are withdrawn, and every streaming
// message and running tool card is marked with c, stored ones not read
// included. The mark is stored, so it survives a restart; a late end frame
// still replaces it.
func (s *State) Settle(l frame.Lane, c Cut) Change {
	s.begin()
	if ln := s.existingLane(l); ln != nil {
		s.fill(ln)
		if s.storedOpen[l] {
			delete(s.storedOpen, l)
			s.rowsGen++
			s.cur().settle = append(s.cur().settle, settleRows{lane: l, cut: c})
		}
		for _, it := range ln.items {
			s.cut(ln, it, c)
		}
		s.endTurn(l, c)
		if ln.Lost {
			s.clearLost(ln)
		}
	}
	return s.end()
}

// Answered reports whether lane l's current turn (what follows its last
// user message the gateway echoed; placeholders typed since start no turn
// yet) holds a final answer and nothing still streaming: the gateway
// finished the turn, as its newest history page can show after a
// reconnect. It looks at memory only: the lanes Unsettled lists hold their
// newest items (read at Open, or by the history page that settles them).
func (s *State) Answered(l frame.Lane) bool {
	ln := s.existingLane(l)
	if ln == nil {
		return false
	}
	answered := false
	for i := len(ln.items) - 1; i >= 0 && !(isUserMsg(ln.items[i]) && ln.items[i].Msg.ID != ""); i-- {
		switch m := ln.items[i].Msg; {
		case m == nil, m.Role == frame.RoleUser:
		case m.Streaming:
			return false
		case m.Role == frame.RoleAssistant && m.Cut == CutNone:
			answered = true
		}
	}
	return answered
}
