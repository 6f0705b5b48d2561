package store

import (
	"github.com/hermes/iris/frame"
)

// Tool events carry no message id; a card is found by its index within a
// turn. Live events look in the current turn (the items after the lane's
// last user message). Replayed events look in the turn of the last replayed
// message (the replay anchor) when there is one, so a replay of an earlier,
// finished turn never touches the current one, and a card already held is
// not added twice.

// turn returns the bounds [from, to) of the turn tool events apply to.
func (l *Lane) turn(replayed bool) (int, int) {
	if replayed && l.anchor != nil && l.anchor.pos < len(l.items) && l.items[l.anchor.pos] == l.anchor {
		from := l.anchor.pos
		for to := from + 1; to < len(l.items); to++ {
			if isUserMsg(l.items[to]) {
				return from, to
			}
		}
		return from, len(l.items)
	}
	from := len(l.items)
	for from > 0 && !isUserMsg(l.items[from-1]) {
		from--
	}
	return from, len(l.items)
}

// findTool returns the newest card with index idx in the turn, preferring
// a running one.
func (l *Lane) findTool(idx int, replayed bool) *Item {
	from, to := l.turn(replayed)
	var done *Item
	for i := to - 1; i >= from; i-- {
		it := l.items[i]
		if it.Tool == nil || it.Tool.Index != idx {
			continue
		}
		if it.Tool.Running {
			return it
		}
		if done == nil {
			done = it
		}
	}
	return done
}

// answered reports whether the replay anchor's turn holds a finished
// assistant message.
func (l *Lane) answered() bool {
	from, to := l.turn(true)
	for _, it := range l.items[from:to] {
		if it.Msg != nil && it.Msg.Role == frame.RoleAssistant && !it.Msg.Streaming {
			return true
		}
	}
	return false
}

// toolPos is where a new card goes: the end of the turn.
func (l *Lane) toolPos(replayed bool) int {
	_, to := l.turn(replayed)
	return to
}

func (s *State) applyToolStart(l frame.Lane, t *frame.ToolStart, replayed bool) {
	ln := s.existingOrNew(l)
	if ln == nil {
		return
	}
	if replayed && ln.findTool(t.Index, true) != nil {
		return
	}
	tc := &ToolCall{Index: t.Index, Name: t.Name, Preview: t.Preview, Args: t.Args, Running: true, Started: s.now()}
	s.add(ln, ln.toolPos(replayed), &Item{Kind: KindTool, Tool: tc, TS: tc.Started})
	s.turnMovedOn(ln)
}

func (s *State) applyToolProgress(l frame.Lane, t *frame.ToolProgress, replayed bool) {
	ln := s.existingOrNew(l)
	if ln == nil {
		return
	}
	it := ln.findTool(t.Index, replayed)
	if it == nil {
		s.applyToolStart(l, &frame.ToolStart{Index: t.Index, Name: t.Name}, replayed)
		if it = ln.findTool(t.Index, replayed); it == nil {
			return
		}
	}
	if !it.Tool.Running || it.Tool.Note == t.Note {
		return
	}
	it.Tool.Note = t.Note
	s.touch(ln, it)
}

// applyToolEnd finishes the matching running card (or one cut short by
// agent.idle or a reconnect); with none, it adds a finished card (its start
// was missed). Ending a finished card is a no-op.
func (s *State) applyToolEnd(l frame.Lane, t *frame.ToolEnd, replayed bool) {
	ln := s.existingOrNew(l)
	if ln == nil {
		return
	}
	it := ln.findTool(t.Index, replayed)
	if it == nil {
		tc := &ToolCall{Index: t.Index, Name: t.Name, Started: s.now()}
		it = &Item{Kind: KindTool, Tool: tc, TS: tc.Started}
		s.add(ln, ln.toolPos(replayed), it)
	} else if !it.Tool.Running && it.Tool.Cut == CutNone {
		return
	}
	tc := it.Tool
	tc.Running, tc.Cut = false, CutNone
	if tc.Name == "" {
		tc.Name = t.Name
	}
	tc.OK, tc.Duration, tc.Output = t.OK, t.Duration, t.OutputPreview
	s.touch(ln, it)
	s.turnMovedOn(ln)
}

// commentaryKey is the dedupe key of the commentary beat message_id id.
func commentaryKey(id string) string { return "c:" + id }

// applyCommentary adds an assistant beat (a repeat of a known message_id,
// held in memory or only in the database, is a no-op).
func (s *State) applyCommentary(l frame.Lane, c *frame.Commentary) {
	ln := s.existingOrNew(l)
	if ln == nil {
		return
	}
	it := &Item{Kind: KindCommentary, Text: c.Text, MessageID: c.MessageID, TS: s.now()}
	if c.MessageID != "" {
		it.key = commentaryKey(c.MessageID)
		if ln.byMsg[it.key] != nil || s.knownElsewhere(ln, it.key) {
			return
		}
	}
	s.add(ln, ln.Len(), it)
}
