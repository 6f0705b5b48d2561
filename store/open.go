package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/hermes/iris/wsclient/frame"
)

// FileName is the database's name inside the directory given to Open.
const FileName = "store.db"

// Open returns a State backed by the SQLite database in dir (the caller
// passes $XDG_DATA_HOME/iris/<profile>; it is created with mode 0700 if
// missing, and the database files are owner-only). It loads the directory, cursor, catalog, drafts, settings and
// the outgoing queue; a lane's newest items are read when the lane is
// first used and older ones by LoadOlder, so a large history is never
// loaded whole. Messages that were being sent when Iris stopped come back
// as "delivery unknown". Call Close when done.
func Open(dir string, opts Options) (*State, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	// Create the file owner-only before SQLite does; its -wal and -shm
	// files take the same mode.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store file: %w", err)
	}
	f.Close()
	d, err := openDB(path)
	if err != nil {
		return nil, err
	}
	s := New(opts)
	s.db = d
	if err := s.load(); err != nil {
		d.close()
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	return s, nil
}

// Close writes everything pending and closes the database. It returns the
// first write error, if any. Afterwards the State keeps working in memory
// only; closing again, or closing a memory-only State, does nothing.
func (s *State) Close() error {
	if s.db == nil {
		return nil
	}
	s.commit()
	err := s.db.close()
	s.db = nil
	return err
}

// StorageError returns the first error the database hit while writing or
// reading, or nil. Writes happen behind the UI; the UI polls this to tell
// the user that what they see may not survive a restart.
func (s *State) StorageError() error {
	if s.db == nil {
		return nil
	}
	return s.db.failure()
}

// load reads everything but the lanes' items.
func (s *State) load() error {
	if err := s.loadDirectory(); err != nil {
		return err
	}
	if err := s.loadValues(); err != nil {
		return err
	}
	if err := s.loadLaneStates(); err != nil {
		return err
	}
	if err := s.db.conn.QueryRow(`SELECT COALESCE(MAX(id), 0) FROM items`).Scan(&s.nextID); err != nil {
		return err
	}
	// The partial outbox index keeps this independent of the history's size.
	rows, err := s.db.conn.Query(`SELECT chat_id, thread_id FROM items INDEXED BY items_outbox
		WHERE msg_id IS NULL AND client_msg_id IS NOT NULL`)
	if err != nil {
		return err
	}
	var queued []frame.Lane
	for rows.Next() {
		var l frame.Lane
		if err := rows.Scan(&l.ChatID, &l.ThreadID); err != nil {
			rows.Close()
			return err
		}
		if !slices.Contains(queued, l) {
			queued = append(queued, l)
		}
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for _, l := range queued {
		s.lane(l) // loads back to the lane's oldest queued message
	}
	s.commit()
	return s.db.failure()
}

func (s *State) loadDirectory() error {
	rows, err := s.db.conn.Query(`SELECT chat_id, thread_id, name, kind, is_default, auto FROM channels ORDER BY ord`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		c := &channel{}
		if err := rows.Scan(&c.lane.ChatID, &c.lane.ThreadID, &c.Name, &c.Kind, &c.Default, &c.Auto); err != nil {
			return err
		}
		s.dir = append(s.dir, c)
	}
	return rows.Err()
}

// loadValues reads the cursor, catalog, drafts and settings.
func (s *State) loadValues() error {
	kv := map[string]map[string]string{"meta": {}, "settings": {}}
	for table, m := range kv {
		rows, err := s.db.conn.Query(`SELECT key, value FROM ` + table)
		if err != nil {
			return err
		}
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				rows.Close()
				return err
			}
			m[k] = v
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	s.settings = kv["settings"]
	if v, ok := kv["meta"][metaCursor]; ok {
		c, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("stored cursor %q: %w", v, err)
		}
		s.cursor.Store(c)
	}
	if v, ok := kv["meta"][metaFocus]; ok {
		var l []string
		if err := json.Unmarshal([]byte(v), &l); err != nil || len(l) != 2 {
			return fmt.Errorf("stored focus %q is not a lane", v)
		}
		s.focus = frame.Lane{ChatID: l[0], ThreadID: l[1]}
	}
	if v, ok := kv["meta"][metaCatalog]; ok {
		if err := json.Unmarshal([]byte(v), &s.catalog); err != nil {
			return fmt.Errorf("stored catalog: %w", err)
		}
	}
	rows, err := s.db.conn.Query(`SELECT chat_id, thread_id, text FROM drafts`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var l frame.Lane
		var text string
		if err := rows.Scan(&l.ChatID, &l.ThreadID, &text); err != nil {
			return err
		}
		s.drafts[l] = text
	}
	return rows.Err()
}

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
			s.db.fail(fmt.Errorf("load lane %s: %w", ln.Key, err))
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
		s.db.fail(err)
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
		s.db.fail(fmt.Errorf("page lane %s: %w", ln.Key, err))
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
			s.db.fail(err)
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
		s.db.fail(err)
	}
	return ok
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
