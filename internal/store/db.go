package store

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"

	"modernc.org/sqlite" // also the database/sql driver "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// maxGroup caps how many queued batches the writer folds into one
// transaction.
const maxGroup = 64

// db is the SQLite backing of a persistent State: one connection pool, one
// writer goroutine fed with batches, and the batch being built by the
// current mutating call (owned by the UI goroutine).
type db struct {
	conn    *sql.DB
	batches chan *batch
	done    chan struct{}
	pending atomic.Int64 // batches sent and not yet written
	sent    int64        // number of the last batch sent (UI goroutine)
	written atomic.Int64 // number of the last batch written to disk

	retry time.Duration // first delay before a failed write is retried

	mu       sync.Mutex
	writeErr error            // the last write failed with it; nil once one succeeds
	unsaved  []UnsavedMessage // typed messages in the batches held by a failing writer
	readErr  error            // the first read problem
	skipped  int              // stored rows that could not be read
	lost     error            // batches dropped at close, never written

	cur    *batch
	stored map[frame.Lane]laneRow // lane states read at Open, taken by lanes as they are created

	closing sync.RWMutex // held to send reads from other goroutines (onWriter), taken to close
	closed  bool
}

// ErrLost is wrapped by Close's error when changes a failing disk held
// back could not be written even then: they are gone from the local store.
var ErrLost = errors.New("changes lost")

// ErrInUse is wrapped by Open (in an *InUseError) when another process
// (another Iris on the same profile) has the store open.
var ErrInUse = errors.New("the store is in use by another Iris")

// openDB opens (creating if needed) the database file and migrates it.
//
// One connection, in exclusive locking mode, so no second connection
// could read the file: the UI's page reads run on the writer goroutine
// (PageRead), the reducer's few on the caller's after a flush, and the
// exclusive lock keeps a second Iris on the same profile out, since two
// writers would hand out the same row ids.
func openDB(path string, retry time.Duration) (*db, error) {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(1000)", "locking_mode(EXCLUSIVE)", "journal_mode(WAL)",
		"synchronous(NORMAL)", "secure_delete(ON)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	conn, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	conn.SetMaxOpenConns(1)
	conn.SetConnMaxIdleTime(0)
	conn.SetConnMaxLifetime(0)
	if err := migrate(conn); err != nil {
		conn.Close()
		var se *sqlite.Error
		if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_BUSY {
			return nil, &InUseError{Path: path, PID: lockHolder(path, procLocks)}
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d := &db{conn: conn, batches: make(chan *batch, 256), done: make(chan struct{}), stored: map[frame.Lane]laneRow{},
		retry: retry}
	go d.run()
	return d, nil
}

// send queues a batch for the writer.
func (d *db) send(b *batch) {
	d.pending.Add(1)
	d.batches <- b
}

// flush waits until everything sent so far is written, so that a read
// sees it.
func (d *db) flush() {
	if d.pending.Load() == 0 {
		return
	}
	b := &batch{written: make(chan struct{})}
	d.send(b)
	<-b.written
}

// retryNow makes the writer try the held writes at once, without waiting
// for the next retry, and waits for the attempt.
func (d *db) retryNow() {
	b := &batch{written: make(chan struct{}), retry: true}
	d.send(b)
	<-b.written
}

// close writes what is queued, stops the writer and closes the file. It
// returns the error of writes that never succeeded, if any, and the first
// read problem.
func (d *db) close() error {
	d.closing.Lock()
	d.closed = true
	close(d.batches)
	d.closing.Unlock()
	<-d.done
	d.mu.Lock()
	err := errors.Join(d.lost, d.readErr)
	d.mu.Unlock()
	return errors.Join(err, d.conn.Close())
}

// report records a read problem (a row that cannot be decoded, a failed
// page read): the user is told, writing goes on. skipped counts stored rows
// left out because of it.
func (d *db) report(err error, skipped int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.readErr == nil {
		d.readErr = err
	}
	d.skipped += skipped
}

// maxRetry caps the delay between attempts to write held batches.
const maxRetry = 30 * time.Second

// run is the writer goroutine: it folds whatever batches are queued into
// one transaction. When a write fails (a full disk), the batches are held
// in memory, in order, and retried with a growing delay together with the
// ones that follow, so that a later batch can never store a cursor ahead
// of the data before it; once a retry succeeds, writing goes on as before.
// The State keeps working in memory meanwhile and Health tells the UI.
func (d *db) run() {
	defer close(d.done)
	var held []*batch
	var typed unsavedLog // the typed messages among held
	var lastErr error
	retry := time.NewTimer(time.Hour)
	retry.Stop()
	waiting, delay := false, d.retry
	for {
		var group []*batch
		select {
		case b, ok := <-d.batches:
			if !ok {
				d.finish(held)
				return
			}
			group = d.gather(b)
		case <-retry.C:
			waiting = false
		}
		var markers []*batch
		for _, g := range group {
			if g.retry && waiting {
				retry.Stop()
				waiting = false
			}
			if g.written != nil {
				markers = append(markers, g)
			} else {
				held = append(held, g)
			}
		}
		switch {
		case len(held) == 0:
		case waiting:
			if typed.add(held) {
				d.settle(lastErr, typed.list) // name the messages that joined
			}
		default:
			if lastErr = d.write(held); lastErr == nil {
				d.written.Store(held[len(held)-1].seq)
				held, typed, delay = nil, unsavedLog{}, d.retry
				d.settle(nil, nil)
				break
			}
			typed.add(held)
			d.settle(lastErr, typed.list)
			retry.Reset(delay)
			waiting, delay = true, min(2*delay, maxRetry)
		}
		d.pending.Add(-int64(len(group)))
		for _, g := range markers {
			if g.read != nil {
				g.read()
			}
			close(g.written) // flush: everything before it is written, or held
		}
	}
}

// gather returns b and the batches queued behind it, up to maxGroup and
// up to the first read, so that a read sees only the batches sent before
// it.
func (d *db) gather(b *batch) []*batch {
	group := []*batch{b}
	for len(group) < maxGroup && group[len(group)-1].read == nil {
		select {
		case nb, ok := <-d.batches:
			if !ok {
				return group
			}
			group = append(group, nb)
		default:
			return group
		}
	}
	return group
}

// finish makes a last attempt to write the held batches at close; what
// still fails is lost, and close says so.
func (d *db) finish(held []*batch) {
	if len(held) == 0 {
		return
	}
	if err := d.write(held); err != nil {
		d.mu.Lock()
		d.lost = fmt.Errorf("%w: %d unsaved changes: %w", ErrLost, len(held), err)
		d.mu.Unlock()
	}
}

// settle publishes the outcome of the last write: its error (nil once one
// succeeds) and the typed messages still held.
func (d *db) settle(err error, unsaved []UnsavedMessage) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.writeErr, d.unsaved = err, slices.Clone(unsaved)
}

// write applies a group of batches in one transaction, in order.
func (d *db) write(group []*batch) error {
	tx, err := d.conn.Begin()
	if err != nil {
		return fmt.Errorf("store write: %w", err)
	}
	defer tx.Rollback()
	t := &txn{tx: tx, stmts: map[string]*sql.Stmt{}}
	for _, b := range group {
		if err := b.exec(t); err != nil {
			return fmt.Errorf("store write: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store commit: %w", err)
	}
	return nil
}

// laneRows reads up to limit items of lane l ordered before (seq, id),
// newest first.
func (d *db) laneRows(l frame.Lane, seq float64, id int64, limit int) ([]itemRow, error) {
	rows, err := d.conn.Query(`SELECT id, seq, kind, msg_id, client_msg_id, ts, body FROM items
		WHERE chat_id = ? AND thread_id = ? AND (seq < ? OR (seq = ? AND id < ?))
		ORDER BY seq DESC, id DESC LIMIT ?`, l.ChatID, l.ThreadID, seq, seq, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []itemRow
	for rows.Next() {
		r := itemRow{lane: l}
		if err := rows.Scan(&r.id, &r.seq, &r.kind, &r.msgID, &r.clientMsgID, &r.ts, &r.body); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// messageAt returns where lane l stores message id, and whether it does.
func (d *db) messageAt(l frame.Lane, id string) (position, bool, error) {
	var at position
	err := d.conn.QueryRow(`SELECT seq, id FROM items WHERE msg_id = ? AND chat_id = ? AND thread_id = ? LIMIT 1`,
		id, l.ChatID, l.ThreadID).Scan(&at.seq, &at.id)
	if isNoRows(err) {
		return at, false, nil
	}
	return at, err == nil, err
}
