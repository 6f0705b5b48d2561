package store

import (
	"encoding/json"
	"fmt"
)

// Reading a persistent State's lanes: every lane's state at Open, its
// items later (OpenPage and LoadOlder for the UI, fill and pageIn for the
// reducer, read ahead for it by the UI: ahead.go).

// loadLaneStates reads every lane's stored state at Open (one small row
// per lane), for lanes to take as they are created.
func (s *State) loadLaneStates() error {
	rows, err := s.db.conn.Query(`SELECT chat_id, thread_id, unread, server_more, model, runtime, gap FROM lanes`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r laneRow
		if err := rows.Scan(&r.lane.ChatID, &r.lane.ThreadID, &r.unread, &r.serverMore, &r.model, &r.runtime, &r.gap); err != nil {
			return err
		}
		s.db.stored[r.lane] = r
	}
	return rows.Err()
}

// loadLaneState gives a new lane its stored state; its items are read
// later (OpenPage, or the reducer's fill), so the sidebar can show every
// lane's unread count without loading every transcript.
func (s *State) loadLaneState(ln *Lane) {
	if r, ok := s.db.stored[ln.Key]; ok {
		delete(s.db.stored, ln.Key)
		ln.Unread, ln.serverMore, ln.Model, ln.gap = r.unread, r.serverMore, r.model, r.gap
		if err := json.Unmarshal([]byte(r.runtime), &ln.Runtime); err != nil {
			s.db.report(fmt.Errorf("load lane %s: %w", ln.Key, err), 0)
		}
		ln.saved = r
	}
	ln.localMore = true
	ln.refreshPaging()
	ln.notRead = true
}

// The reducer's own reads. A frame about a lane whose items were never
// read, or about a message the lane's memory does not hold, needs the
// database to place or dedupe it. The UI reads those ahead (ahead.go) and
// installs them (UseAhead) before the call, which then finds them here;
// only what was not read ahead is read on the caller's goroutine (pages
// after the writer has written what is queued), each such read reported
// to Options.OnSyncRead. The UI's paging does not come through here (see
// PageRead).

// syncRead tells the OnSyncRead hook of a read on the caller's goroutine.
func (s *State) syncRead() {
	if s.opts.OnSyncRead != nil {
		s.opts.OnSyncRead()
	}
}

// fill takes a lane's newest stored items, going further back if an
// outgoing message is older, the first time the reducer needs them.
func (s *State) fill(ln *Lane) {
	if !ln.notRead {
		return
	}
	ln.notRead = false
	if s.db == nil {
		return
	}
	p, ok := s.useFirst(ln.Key)
	if !ok {
		s.syncRead()
		s.db.flush()
		p = s.db.readPage(ln.Key, newest, s.opts.PageSize, true)
	}
	s.takePage(ln, p)
}

// pageIn prepends the next older stored page of ln; false if none.
func (s *State) pageIn(ln *Lane) bool {
	if s.db == nil || !ln.localMore {
		return false
	}
	p, ok := s.usePage(ln.Key, ln.oldest())
	if !ok {
		s.syncRead()
		s.db.flush()
		p = s.db.readPage(ln.Key, ln.oldest(), s.opts.PageSize, false)
	}
	return s.takePage(ln, p)
}

// takePage prepends a page read from the database to ln's items and
// reports whether it added any.
func (s *State) takePage(ln *Lane, p storedPage) bool {
	ln.localMore = p.more
	ln.prepend(p.items)
	for _, it := range p.items {
		s.adopt(ln, it)
	}
	if len(p.items) > 0 {
		s.laneChanged(ln)
	}
	ln.refreshPaging()
	return len(p.items) > 0
}

// adopt registers a loaded placeholder in the outgoing queue; one that was
// being sent when Iris stopped becomes "delivery unknown".
func (s *State) adopt(ln *Lane, it *Item) {
	m := it.Msg
	if m == nil || m.ID != "" || m.ClientMsgID == "" || s.outbox[m.ClientMsgID] != nil {
		return
	}
	s.outbox[m.ClientMsgID] = &outgoing{lane: ln.Key, it: it}
	if m.Delivery == DeliverySending {
		m.Delivery = DeliveryUnknown
		s.touch(ln, it)
	}
}

// knownElsewhere reports whether message id is stored for lane ln outside
// the items held in memory.
func (s *State) knownElsewhere(ln *Lane, id string) bool {
	if s.db == nil || !ln.localMore {
		return false
	}
	if known, ok := s.aheadKnown(ln.Key, id); ok {
		return known
	}
	s.syncRead()
	_, ok, err := s.db.messageAt(ln.Key, id)
	if err != nil {
		s.db.report(err, 0)
	}
	return ok
}

// recall returns lane ln's item of message id, paging the lane's stored
// items back into memory down to it when only the database holds it
// (eviction dropped it, or the lane was not read yet), so that a later
// final or receipt meets it just as a message memory kept. stored reports one the database holds that
// memory still does not (a page could not be read).
func (s *State) recall(ln *Lane, id string) (it *Item, stored bool) {
	if it = ln.byMsg[id]; it != nil || !s.knownElsewhere(ln, id) {
		return it, false
	}
	s.fill(ln)
	it = ln.byMsg[id]
	for it == nil && s.pageIn(ln) {
		it = ln.byMsg[id]
	}
	return it, it == nil
}
