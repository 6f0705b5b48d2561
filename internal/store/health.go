package store

import (
	"encoding/json"
	"strconv"

	"github.com/hermes/iris/frame"
)

// Health is what the store's disk is doing, for the UI to say exactly that.
type Health struct {
	// WriteErr is why writing fails now (a full disk, say), or nil. The
	// writer keeps what it could not write in memory, in order, and
	// retries with a growing delay (up to 30 s); once a retry succeeds,
	// WriteErr is nil again and nothing was lost.
	WriteErr error
	// Unsaved lists the messages typed on this device that are among the
	// held writes: quitting now would lose them from the local store.
	Unsaved []UnsavedMessage
	// Skipped counts stored rows that could not be read and were left
	// out; ReadErr is the first read problem. Writing goes on regardless.
	Skipped int
	ReadErr error
}

// UnsavedMessage is a typed message not written to disk yet.
type UnsavedMessage struct {
	Lane frame.Lane
	Text string
}

// Health reports the store's disk health (all zero for a memory-only
// State).
func (s *State) Health() Health {
	if s.db == nil {
		return Health{}
	}
	d := s.db
	d.mu.Lock()
	defer d.mu.Unlock()
	return Health{WriteErr: d.writeErr, Unsaved: append([]UnsavedMessage(nil), d.unsaved...),
		Skipped: d.skipped, ReadErr: d.readErr}
}

// SaveNow tries at once to write what a failing disk held back (space may
// have come back since the last retry) and returns the health after that
// attempt. It waits for one write; call it when about to quit.
func (s *State) SaveNow() Health {
	if s.db != nil {
		s.db.retryNow()
	}
	return s.Health()
}

// unsavedLog collects the typed messages (those with a client_msg_id)
// among the batches a failing writer holds, each once, in the order first
// held; it reads each batch once, however long the disk stays full.
type unsavedLog struct {
	list []UnsavedMessage
	at   map[int64]int // item id → index in list
	read int           // held batches read so far
}

// add reads the batches of held not read yet; it reports whether that
// changed the list.
func (u *unsavedLog) add(held []*batch) bool {
	if u.at == nil {
		u.at = map[int64]int{}
	}
	changed := false
	for _, b := range held[u.read:] {
		for _, r := range b.rows {
			if r.kind != KindMessage || !r.clientMsgID.Valid {
				continue
			}
			var body itemBody
			if json.Unmarshal(r.body, &body) != nil || body.Msg == nil {
				continue
			}
			m := UnsavedMessage{Lane: r.lane, Text: body.Msg.Text}
			if i, ok := u.at[r.id]; ok {
				u.list[i] = m
			} else {
				u.at[r.id] = len(u.list)
				u.list = append(u.list, m)
			}
			changed = true
		}
	}
	u.read = len(held)
	return changed
}

// FillDisk makes the store's database full from SQLite's own point of view
// (full true) or gives the space back (false). While full, no page may be
// added to the file (PRAGMA max_page_count), so writes fail with
// SQLITE_FULL exactly as on a full disk. It is the fault hook the tests and
// the simulator use to exercise the full-disk path without root.
func (s *State) FillDisk(full bool) error {
	if s.db == nil {
		return nil
	}
	s.db.flush()
	limit := 1073741823 // SQLite's largest page count
	if full {
		if err := s.db.conn.QueryRow(`PRAGMA page_count`).Scan(&limit); err != nil {
			return err
		}
	}
	_, err := s.db.conn.Exec(`PRAGMA max_page_count = ` + strconv.Itoa(limit))
	return err
}

// Durable returns a function that waits until every change made so far is
// on disk (or held by a failing disk: see Health). The sender marks a
// message Sending, then lets its frame leave only after waiting, off the
// UI goroutine: a crash can then never find it still Queued on disk after
// the gateway got it, which would send it again on the next start.
func (s *State) Durable() (wait func()) {
	if s.db == nil {
		return func() {}
	}
	b := &batch{written: make(chan struct{})}
	s.db.send(b)
	return func() { <-b.written }
}
