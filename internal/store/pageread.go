package store

import (
	"fmt"
	"math"

	"github.com/hermes/iris/frame"
)

// Paging for the UI. The UI's goroutine never waits for the database:
// OpenPage and LoadOlder only say which read is needed (a PageRead), the
// UI runs PageRead.Read in a tea.Cmd (it waits for the writer goroutine,
// which makes the read on the store's one connection after the writes
// queued before it), and Update hands the result to ApplyPage, which
// merges it unless the lane changed meanwhile in a way the read could not
// see.

// position is an item's place in its lane's stored order.
type position struct {
	seq float64
	id  int64
}

// before reports whether p sorts before o.
func (p position) before(o position) bool { return p.seq < o.seq || p.seq == o.seq && p.id < o.id }

// newest sorts after every stored item: reading before it reads a lane's
// newest items.
var newest = position{math.MaxFloat64, math.MaxInt64}

// oldest is the position of the lane's oldest item held, or newest when it
// holds none.
func (l *Lane) oldest() position {
	if len(l.items) == 0 {
		return newest
	}
	return position{l.items[0].seq, l.items[0].id}
}

// storedPage is items read from the database, oldest first.
type storedPage struct {
	items []*Item
	more  bool // the database holds older items still
}

// PageRead is a read of lane items from the database that OpenPage or
// LoadOlder found needed. It is a value the UI may hand to another
// goroutine; Read makes it.
type PageRead struct {
	lane   frame.Lane
	before position // read the items stored before it
	first  bool     // the lane's items were never read: its newest, back to any queued message
	gen    uint64   // State.rowsGen when asked
	limit  int
	db     *db
}

// Lane is the lane the read is for.
func (r *PageRead) Lane() frame.Lane { return r.lane }

// Page is what a PageRead read, for ApplyPage.
type Page struct {
	read PageRead
	storedPage
}

// Lane is the lane the page is of.
func (p Page) Lane() frame.Lane { return p.read.lane }

// First reports whether the page is the lane's first read: its newest
// items, which an older page may follow at once (LoadOlder asks again).
func (p Page) First() bool { return p.read.first }

// Read makes the read: the store's writer goroutine runs it after every
// write queued before it, and Read waits for it. It may be called on any
// goroutine and is meant for one other than the UI's (a tea.Cmd). After
// the store is closed it reads nothing, and ApplyPage ignores the page.
func (r *PageRead) Read() Page {
	p := Page{read: *r}
	r.db.onWriter(func() {
		p.storedPage = r.db.readPage(r.lane, r.before, r.limit, r.first)
	})
	return p
}

// pageRead is the read of lane ln's next items: its newest when they were
// never read, else those before its oldest held.
func (s *State) pageRead(ln *Lane) *PageRead {
	return &PageRead{lane: ln.Key, before: ln.oldest(), first: ln.notRead, gen: s.rowsGen, limit: s.opts.PageSize, db: s.db}
}

// OpenPage returns the read that brings lane l, just focused, up to a
// page of items: its newest stored ones when they were never read, older
// ones when eviction left it fewer than a page (see evict.go); nil when
// memory holds enough or nothing more is stored (and always for a
// memory-only State). It reads nothing itself.
func (s *State) OpenPage(l frame.Lane) *PageRead {
	if s.db == nil || l.ChatID == "" {
		return nil
	}
	ln := s.laneState(l)
	if ln == nil || !ln.notRead && !(ln.localMore && len(ln.items) < s.opts.PageSize) {
		return nil
	}
	return s.pageRead(ln)
}

// ApplyPage merges a page that PageRead.Read read: the items go before
// those held, queued placeholders among them rejoin the outgoing queue.
// The page is ignored (an empty Change) when it no longer fits: the lane
// is gone or out of view (its memory is being shed), items were added
// before, or dropped from, its oldest held since the read was asked for,
// stored rows were deleted or settled meanwhile, or the store was closed.
// The UI then asks again if it still needs to.
func (s *State) ApplyPage(p Page) Change {
	s.begin()
	r := p.read
	ln := s.lanes[r.lane]
	if s.db == nil || s.db != r.db || ln == nil || !s.inView(r.lane) || r.gen != s.rowsGen ||
		ln.notRead != r.first || ln.oldest() != r.before || !r.first && !ln.localMore {
		return s.end()
	}
	ln.notRead = false
	s.takePage(ln, p.storedPage)
	return s.end()
}

// readPage reads up to limit items of lane l stored before pos. With
// toQueued it goes on, a page at a time, while the lane stores an unechoed
// outgoing message older than the oldest item read, so the outgoing queue
// is whole. Problems are reported to Health; an unreadable row is skipped.
func (d *db) readPage(l frame.Lane, pos position, limit int, toQueued bool) storedPage {
	var rows []itemRow
	more := true
	for more {
		page, err := d.laneRows(l, pos.seq, pos.id, limit+1)
		if err != nil {
			d.report(fmt.Errorf("page lane %s: %w", l, err), 0)
			more = false
			break
		}
		more = len(page) > limit
		if more {
			page = page[:limit]
		}
		rows = append(rows, page...)
		if len(page) == 0 {
			break
		}
		pos = position{page[len(page)-1].seq, page[len(page)-1].id}
		if !toQueued || !more || !d.queuedBefore(l, pos) {
			break
		}
	}
	p := storedPage{items: make([]*Item, 0, len(rows)), more: more}
	for i := len(rows) - 1; i >= 0; i-- {
		it, err := decodeItem(rows[i])
		if err != nil {
			d.report(err, 1)
			continue
		}
		p.items = append(p.items, it)
	}
	return p
}

// queuedBefore reports whether lane l stores an unechoed outgoing message
// before pos.
func (d *db) queuedBefore(l frame.Lane, pos position) bool {
	var one int
	err := d.conn.QueryRow(`SELECT 1 FROM items INDEXED BY items_outbox WHERE chat_id = ? AND thread_id = ? AND msg_id IS NULL
		AND client_msg_id IS NOT NULL AND (seq < ? OR (seq = ? AND id < ?)) LIMIT 1`,
		l.ChatID, l.ThreadID, pos.seq, pos.seq, pos.id).Scan(&one)
	if err != nil && !isNoRows(err) {
		d.report(err, 0)
	}
	return err == nil
}

// onWriter runs read on the writer goroutine, after the batches queued
// before it, and waits for it; once the database is closing it does not
// run it.
func (d *db) onWriter(read func()) {
	d.closing.RLock()
	if d.closed {
		d.closing.RUnlock()
		return
	}
	b := &batch{written: make(chan struct{}), read: read}
	d.send(b)
	d.closing.RUnlock()
	<-b.written
}
