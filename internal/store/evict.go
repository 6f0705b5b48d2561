package store

import "github.com/hermes/iris/frame"

// Bounding a persistent State's memory over a long session. Every lane
// but the two in view (the focused one, and the one LoadOlder last paged,
// usually the same) keeps only its newest IdleItems items, plus whatever
// cannot be read back from the database: items whose rows the writer has
// not written yet (queued, or held by a full disk), streaming messages and
// running tool cards (never stored while open, or still changing),
// notices (never stored), unechoed placeholders (the outgoing queue points
// at them) and the replay anchor. Older items are dropped from memory and
// the lane says it has more (localMore), so the existing paging reads them
// back: a page when the lane is focused again (OpenPage), more through
// LoadOlder as the user scrolls, both read off the UI goroutine (see
// PageRead), knownElsewhere finds dropped messages for dedupe, and recall
// pages a lane back in down to a dropped message that a later final,
// history copy or receipt is about, so that it applies as if memory had
// kept it, however far the writer had got. Only a prefix is dropped, so
// what is held stays the lane's newest items in order, as paging expects. A memory-only State drops
// nothing: it has nowhere to read items back from, so its memory grows
// with the session (headless commands and tests, which are short-lived).
// A shed lane's id index is rebuilt from the items it keeps, so it shrinks
// with them. The session sets that remain (gone: messages deleted, ended:
// pickers answered or expired) grow by one per such event, not per
// message streamed, and are left whole: they stop a replay reviving them.

// IdleItems is the Options.IdleItems the app uses: enough for the newest
// turn's frames to find their items without reading the database.
const IdleItems = 4

// leave marks the lanes in view, left by Focus, for shedding.
func (s *State) leave() {
	s.toShed(s.focus)
	s.toShed(s.paging)
	s.paging = frame.Lane{}
}

// paged records that LoadOlder pages lane l: it is in view until Focus
// moves, and the lane it takes over from is shed.
func (s *State) paged(l frame.Lane) {
	if !s.inView(l) {
		s.toShed(s.paging)
		s.paging = l
	}
}

// toShed marks lane l for shedding at the end of the call.
func (s *State) toShed(l frame.Lane) {
	if s.db != nil && s.opts.IdleItems > 0 && s.lanes[l] != nil {
		s.oversized[l] = -1
	}
}

// inView reports whether lane l is exempt from shedding: the focused lane
// or the one LoadOlder last paged.
func (s *State) inView(l frame.Lane) bool { return l == s.focus || l == s.paging }

// shed drops from memory the oldest items of the unfocused lanes changed
// by this call or left oversized by an earlier one, down to IdleItems
// each, as far as they are on disk. A lane whose items could not all go
// (some not written yet) is tried again on a later call, once the writer
// has written more.
func (s *State) shed() {
	if s.db == nil || s.opts.IdleItems <= 0 {
		return
	}
	for _, l := range s.chg.Lanes {
		if _, ok := s.oversized[l]; !ok {
			s.oversized[l] = -1
		}
	}
	if len(s.oversized) == 0 {
		return
	}
	written := s.db.written.Load()
	for l, tried := range s.oversized {
		ln := s.lanes[l]
		switch {
		case ln == nil || s.inView(l) || ln.notRead:
			delete(s.oversized, l)
		case tried == written: // nothing more is on disk since
		case s.trim(ln, written):
			delete(s.oversized, l)
		default:
			s.oversized[l] = written
		}
	}
}

// trim drops lane ln's oldest items beyond IdleItems that are evictable
// with the writer at batch written; it reports whether the lane is down to
// IdleItems.
func (s *State) trim(ln *Lane, written int64) bool {
	n := len(ln.items) - s.opts.IdleItems
	if n <= 0 {
		return true
	}
	k := 0
	for k < n && s.evictable(ln, ln.items[k], written) {
		k++
	}
	if k > 0 {
		s.shedAhead(ln, ln.items[:k])
		ln.dropOldest(k)
		ln.localMore = true
		ln.refreshPaging()
		s.laneChanged(ln)
	}
	return k == n
}

// evictable reports whether item it of lane ln can be dropped from memory
// and read back later: its row is written, and nothing points at it.
func (s *State) evictable(ln *Lane, it *Item, written int64) bool {
	if it.batch > written || it.Kind == KindNotice || isOpen(it) || it == ln.anchor {
		return false
	}
	if m := it.Msg; m != nil && m.ClientMsgID != "" {
		if o := s.outbox[m.ClientMsgID]; o != nil && o.it == it {
			return false
		}
	}
	return true
}

// dropOldest takes the lane's k oldest items out of memory (not out of
// the database). The items and the id index are copied afresh, so the
// memory of a lane that once held many is given back.
func (l *Lane) dropOldest(k int) {
	l.items = append([]*Item(nil), l.items[k:]...)
	l.byMsg = make(map[string]*Item, len(l.items))
	for _, it := range l.items {
		l.index(it)
	}
	l.renumber(0)
}
