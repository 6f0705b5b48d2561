package store

import (
	"fmt"
)

// invariants returns the first broken internal invariant of s, or nil:
// positions match indexes, the message index points at held items, sort
// keys (seq, id) strictly ascend, every message id is held once, nothing
// open carries a cut mark, and the outgoing queue points at unechoed
// placeholders of existing lanes.
func invariants(s *State) error {
	for l, ln := range s.lanes {
		seen := map[string]bool{}
		for i, it := range ln.items {
			if it.pos != i {
				return fmt.Errorf("lane %s item %d has pos %d", l, i, it.pos)
			}
			if p := ln.items[max(i-1, 0)]; i > 0 && (p.seq > it.seq || p.seq == it.seq && p.id >= it.id) {
				return fmt.Errorf("lane %s item %d: (seq, id) (%v, %d) after (%v, %d)", l, i, it.seq, it.id, p.seq, p.id)
			}
			if isOpen(it) && (it.Msg != nil && it.Msg.Cut != CutNone || it.Tool != nil && it.Tool.Cut != CutNone) {
				return fmt.Errorf("lane %s item %d is open but marked cut", l, i)
			}
			if it.Msg != nil && it.Msg.ID != "" {
				if seen[it.Msg.ID] {
					return fmt.Errorf("lane %s holds %s twice", l, it.Msg.ID)
				}
				seen[it.Msg.ID] = true
				if ln.byMsg[it.Msg.ID] != it {
					return fmt.Errorf("lane %s: %s not indexed", l, it.Msg.ID)
				}
			}
		}
		for id, it := range ln.byMsg {
			if it.pos >= len(ln.items) || ln.items[it.pos] != it {
				return fmt.Errorf("lane %s: index %s points at an item not held", l, id)
			}
		}
	}
	for id, o := range s.outbox {
		ln := s.lanes[o.lane]
		if ln == nil || o.it.pos >= len(ln.items) || ln.items[o.it.pos] != o.it || o.it.Msg.ID != "" || o.it.Msg.ClientMsgID != id {
			return fmt.Errorf("outgoing %s is not an unechoed placeholder of %s", id, o.lane)
		}
	}
	return nil
}
