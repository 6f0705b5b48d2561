package store

import (
	"encoding/json"
	"fmt"
	"math"
)

// Reading a persistent State's lanes: state at Open, items on first use,
// older pages on demand.

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

// loadLaneState gives a new lane its stored state; its items are read when
// first needed (fill), so the sidebar can show every lane's unread count
// without loading every transcript.
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
	ln.src = s
}

// fill reads a lane's newest stored items, going further back if an
// outgoing message is older, the first time they are needed.
func (s *State) fill(ln *Lane) {
	if ln.src == nil {
		return
	}
	ln.src = nil
	for s.pageIn(ln) {
		if !s.queuedBefore(ln) {
			break
		}
	}
	ln.refreshPaging()
}

// queuedBefore reports whether lane ln stores an unechoed outgoing message
// older than its oldest item in memory.
func (s *State) queuedBefore(ln *Lane) bool {
	if !ln.localMore || len(ln.items) == 0 {
		return false
	}
	first := ln.items[0]
	var one int
	err := s.db.conn.QueryRow(`SELECT 1 FROM items INDEXED BY items_outbox WHERE chat_id = ? AND thread_id = ? AND msg_id IS NULL
		AND client_msg_id IS NOT NULL AND (seq < ? OR (seq = ? AND id < ?)) LIMIT 1`,
		ln.Key.ChatID, ln.Key.ThreadID, first.seq, first.seq, first.id).Scan(&one)
	if err != nil && !isNoRows(err) {
		s.db.report(err, 0)
	}
	return err == nil
}

// pageIn prepends the next older stored page of ln; false if none.
func (s *State) pageIn(ln *Lane) bool {
	if s.db == nil || !ln.localMore {
		return false
	}
	s.db.flush()
	seq, id := math.MaxFloat64, int64(math.MaxInt64)
	if len(ln.items) > 0 {
		seq, id = ln.items[0].seq, ln.items[0].id
	}
	rows, err := s.db.laneRows(ln.Key, seq, id, s.opts.PageSize+1)
	if err != nil {
		s.db.report(fmt.Errorf("page lane %s: %w", ln.Key, err), 0)
		ln.localMore = false
		return false
	}
	ln.localMore = len(rows) > s.opts.PageSize
	if ln.localMore {
		rows = rows[:s.opts.PageSize]
	}
	page := make([]*Item, 0, len(rows))
	for i := len(rows) - 1; i >= 0; i-- {
		it, err := decodeItem(rows[i])
		if err != nil {
			s.db.report(err, 1)
			continue
		}
		page = append(page, it)
	}
	ln.prepend(page)
	for _, it := range page {
		s.adopt(ln, it)
	}
	if len(page) > 0 {
		s.laneChanged(ln)
	}
	ln.refreshPaging()
	return len(page) > 0
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
	ok, err := s.db.hasMessage(ln.Key, id)
	if err != nil {
		s.db.report(err, 0)
	}
	return ok
}
