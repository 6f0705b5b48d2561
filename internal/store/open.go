package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/hermes/iris/frame"
)

// FileName is the database's name inside the directory given to Open.
const FileName = "store.db"

// Open returns a State backed by the SQLite database in dir (the caller
// passes $XDG_DATA_HOME/iris/<profile>; it is created with mode 0700 if
// missing, and the database files are owner-only). It loads the directory,
// cursor, catalog, drafts, settings, every lane's read state and the
// outgoing queue, and the newest items of the lane the UI opens first;
// other lanes' newest items are read when they are first needed and older
// ones by LoadOlder, so a large history is never loaded whole. Messages that were being sent when Iris stopped come back as
// "delivery unknown". Call Close when done.
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
	d, err := openDB(path, opts.WriteRetry)
	if err != nil {
		return nil, err
	}
	if opts.OverflowDir == "" {
		opts.OverflowDir = filepath.Join(dir, overflowDirName)
	}
	s := New(opts)
	s.db = d
	s.opts.OnSyncRead = nil // Open's reads are Open's, not the reducer's
	if err := s.load(); err != nil {
		d.close()
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	s.opts.OnSyncRead = opts.OnSyncRead
	return s, nil
}

// Close writes everything pending and closes the database. It returns the
// error of writes that could not be made even now (what they held is
// lost) and the first read problem, if any. Afterwards the State keeps working in memory
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
	// The partial indexes keep these independent of the history's size.
	queued, err := s.db.lanesWhere(`SELECT chat_id, thread_id FROM items INDEXED BY items_outbox
		WHERE msg_id IS NULL AND client_msg_id IS NOT NULL`)
	if err != nil {
		return err
	}
	running, err := s.db.lanesWhere(`SELECT chat_id, thread_id FROM items INDEXED BY items_open WHERE open = 1`)
	if err != nil {
		return err
	}
	for _, l := range queued {
		s.lane(l) // loads back to the lane's oldest queued message
	}
	for _, l := range running {
		s.storedOpen[l] = true // see Unsettled and Settle
		s.lane(l)
	}
	// The lane the UI opens first (the stored focus, else the default one)
	// is read here too, so its first frame shows the newest page at once
	// rather than "Loading history…" until a page read comes back.
	first := s.focus
	if first.ChatID == "" {
		first = s.DefaultLane()
	}
	if first.ChatID != "" {
		s.lane(first)
	}
	s.commit()
	return nil
}

// lanesWhere returns the distinct lanes of the (chat_id, thread_id) rows
// query selects.
func (d *db) lanesWhere(query string) ([]frame.Lane, error) {
	rows, err := d.conn.Query(query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []frame.Lane
	for rows.Next() {
		var l frame.Lane
		if err := rows.Scan(&l.ChatID, &l.ThreadID); err != nil {
			return nil, err
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out, rows.Err()
}

func (s *State) loadDirectory() error {
	rows, err := s.db.conn.Query(`SELECT chat_id, thread_id, name, kind, is_default, auto, ord FROM channels ORDER BY ord`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		c := &channel{}
		var ord int
		if err := rows.Scan(&c.lane.ChatID, &c.lane.ThreadID, &c.Name, &c.Kind, &c.Default, &c.Auto, &ord); err != nil {
			return err
		}
		s.nextOrd = ord // addChannel keeps the stored position
		s.addChannel(c)
	}
	s.dirChanged()
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
	s.instance = kv["meta"][metaInstance]
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

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
