package store

import (
	"time"

	"github.com/hermes/iris/frame"
)

// Reading ahead for the reducer. Some reducer calls need stored items
// that memory does not hold (see fill, placeByTS, knownElsewhere and
// recall in page.go). So that they never read on the UI goroutine, the
// UI asks first, from memory only, whether a call would read (NeedFrame,
// NeedHistory, NeedLane), gathers what a run of held calls needs in a
// Reads, lets ReadAhead's AheadRead make those reads in a tea.Cmd (on the
// writer goroutine, after the writes queued before it, like PageRead),
// installs the result with UseAhead and then makes the calls, which find
// their reads answered. A call the prediction missed still reads on the
// caller's goroutine (Options.OnSyncRead).

// Reads is what some reducer calls would read, gathered by the Need
// methods. The zero value is empty.
type Reads struct {
	lanes map[frame.Lane]*laneNeed
}

// laneNeed is what one lane needs read.
type laneNeed struct {
	fill bool     // its newest items (never read yet)
	from position // else the oldest held when asked: pages back start there
	back bool     // pages back until a message at or before ts
	ts   int64    // ms
	ids  map[string]bool
	// recall holds the ids among ids that a call recalls when stored:
	// the pages back to them are read too.
	recall map[string]bool
}

// need returns lane l's entry, creating it.
func (r *Reads) need(l frame.Lane, from position) *laneNeed {
	if r.lanes == nil {
		r.lanes = map[frame.Lane]*laneNeed{}
	}
	n := r.lanes[l]
	if n == nil {
		n = &laneNeed{from: from}
		r.lanes[l] = n
	}
	return n
}

// ahead is what an AheadRead read, installed by UseAhead.
type ahead struct {
	gen   uint64 // State.rowsGen when asked: stored rows changed since make it stale
	db    *db
	lanes map[frame.Lane]*laneAhead
}

// laneAhead is what was read of one lane.
type laneAhead struct {
	first *storedPage             // its newest page (the fill's read)
	pages map[position]storedPage // pages by the position they were read before
	known map[string]bool         // message ids: stored or not
}

// validAhead returns the installed read-ahead if it still describes the
// database, else nil.
func (s *State) validAhead() *ahead {
	if a := s.ahead; a != nil && a.db == s.db && a.gen == s.rowsGen {
		return a
	}
	return nil
}

// aheadLane returns what was read ahead of lane l, or nil.
func (s *State) aheadLane(l frame.Lane) *laneAhead {
	if a := s.validAhead(); a != nil {
		return a.lanes[l]
	}
	return nil
}

// aheadFirst returns lane l's newest page read ahead.
func (s *State) aheadFirst(l frame.Lane) (storedPage, bool) {
	if la := s.aheadLane(l); la != nil && la.first != nil {
		return *la.first, true
	}
	return storedPage{}, false
}

// aheadPage returns lane l's page of the items before pos read ahead.
func (s *State) aheadPage(l frame.Lane, pos position) (storedPage, bool) {
	if la := s.aheadLane(l); la != nil {
		p, ok := la.pages[pos]
		return p, ok
	}
	return storedPage{}, false
}

// useFirst takes lane l's newest page read ahead, for fill: a page is
// taken once (its items are then memory's).
func (s *State) useFirst(l frame.Lane) (storedPage, bool) {
	p, ok := s.aheadFirst(l)
	if ok {
		s.aheadLane(l).first = nil
	}
	return p, ok
}

// usePage takes lane l's page of the items before pos read ahead, for
// pageIn, once.
func (s *State) usePage(l frame.Lane, pos position) (storedPage, bool) {
	p, ok := s.aheadPage(l, pos)
	if ok {
		delete(s.aheadLane(l).pages, pos)
	}
	return p, ok
}

// aheadKnown returns whether message id of lane l is stored, if read
// ahead.
func (s *State) aheadKnown(l frame.Lane, id string) (known, ok bool) {
	if la := s.aheadLane(l); la != nil {
		known, ok = la.known[id]
	}
	return known, ok
}

// shedAhead records that messages, commentary and media offers of lane ln
// dropped from memory are stored (shed drops only written items), so that an answer read ahead
// before they were added does not say otherwise.
func (s *State) shedAhead(ln *Lane, items []*Item) {
	la := s.aheadLane(ln.Key)
	if la == nil {
		return
	}
	for _, it := range items {
		id := it.key // commentary and media offers, stored under it
		if it.Msg != nil && it.Msg.ID != "" {
			id = it.Msg.ID
		}
		if id != "" {
			if la.known == nil {
				la.known = map[string]bool{}
			}
			la.known[id] = true
		}
	}
}

// NeedFrame reports whether Apply(f, replayed) would read the database
// (with what UseAhead installed), from memory only; the reads are added to
// r unless it is nil. It may say so of a frame that ends up reading
// nothing, never the other way round.
func (s *State) NeedFrame(r *Reads, f frame.Frame, replayed bool) bool {
	if s.db == nil {
		return false
	}
	replayed = replayed || f.Cursor > 0
	l := f.Lane()
	switch p := f.Payload.(type) {
	case *frame.Message:
		need := either(s.needFill(r, l), s.needRecall(r, l, p.MessageID))
		if replayed && s.mayPlace(l, p.MessageID) {
			need = either(need, s.needBack(r, l, s.fromMillis(p.TS)))
		}
		return need
	case *frame.MessageStart:
		return either(s.needFill(r, l), s.needID(r, l, p.MessageID))
	case *frame.MessageUpdate:
		return either(s.needFill(r, l), s.needID(r, l, p.MessageID))
	case *frame.MessageStop:
		need := either(s.needFill(r, l), s.needRecall(r, l, p.MessageID))
		if replayed && p.TS != 0 && s.mayPlace(l, p.MessageID) {
			need = either(need, s.needBack(r, l, time.UnixMilli(p.TS)))
		}
		return need
	case *frame.Commentary:
		need := s.needFill(r, l)
		if p.MessageID != "" {
			need = either(need, s.needID(r, l, commentaryKey(p.MessageID)))
		}
		return need
	case *frame.Media:
		need := s.needFill(r, l)
		if p.MediaID != "" {
			need = either(need, s.needID(r, l, offerKey(p.MediaID)))
		}
		return need
	case *frame.ToolStart, *frame.ToolProgress, *frame.ToolEnd, *frame.Typing, *frame.AgentBusy:
		return s.needFill(r, l)
	case *frame.Picker:
		return frame.IsPicker(f.Type) && s.needFill(r, l)
	case *frame.ReadReceipt:
		return s.needReceipt(r, l, p.MessageID)
	case *frame.Status:
		if p.State != frame.StateRestarting {
			return false
		}
		if l = s.focus; l.ChatID == "" {
			l = s.DefaultLane()
		}
		return s.needFill(r, l)
	case *frame.Empty:
		return f.Type == frame.TypeTypingStop && s.needFill(r, l)
	}
	return false
}

// either is a || b with both evaluated (each adds its reads).
func either(a, b bool) bool { return a || b }

// notHeld reports whether message id of lane l may be added (and placed
// by time): the lane is there or may be made, and memory does not hold
// the message.
func (s *State) notHeld(l frame.Lane, id string) bool {
	if l.ChatID == "" || id == "" || s.deleted[l] {
		return false
	}
	ln := s.lanes[l]
	return ln == nil || ln.byMsg[id] == nil
}

// NeedHistory is NeedFrame for ApplyHistory(l, _, h).
func (s *State) NeedHistory(r *Reads, l frame.Lane, h *frame.History) bool {
	if s.db == nil {
		return false
	}
	need := s.needFill(r, l)
	for i := range h.Messages {
		m := &h.Messages[i]
		if m.MessageID == "" || s.isGone(l, m.MessageID) || !s.notHeld(l, m.MessageID) {
			continue
		}
		need = either(need, s.needRecall(r, l, m.MessageID))
		if s.mayPlace(l, m.MessageID) {
			need = either(need, s.needBack(r, l, s.fromMillis(m.TS)))
		}
	}
	return need
}

// NeedLane is NeedFrame for the calls that bring lane l's items into
// memory before changing it: AddOutgoing, AddSteer, AddNotice and Settle.
func (s *State) NeedLane(r *Reads, l frame.Lane) bool {
	return s.db != nil && s.needFill(r, l)
}

// mayPlace reports whether message id of lane l may be placed by time:
// memory does not hold it, nor is it known stored (read ahead), which
// would make it a duplicate.
func (s *State) mayPlace(l frame.Lane, id string) bool {
	known, ok := s.aheadKnown(l, id)
	return s.notHeld(l, id) && !(ok && known)
}

// needFill: the reducer's first use of lane l reads its newest page.
func (s *State) needFill(r *Reads, l frame.Lane) bool {
	if l.ChatID == "" || s.deleted[l] {
		return false
	}
	if ln := s.lanes[l]; ln != nil && !ln.notRead {
		return false
	}
	if _, ok := s.aheadFirst(l); ok {
		return false
	}
	if r != nil {
		r.need(l, newest).fill = true
	}
	return true
}

// needID: message id of lane l, not held in memory, is looked up while
// the lane's database holds items memory does not (knownElsewhere).
func (s *State) needID(r *Reads, l frame.Lane, id string) bool {
	if !s.mayBeStored(l, id) {
		return false
	}
	if _, ok := s.aheadKnown(l, id); ok {
		return false
	}
	s.addID(r, l, id, false)
	return true
}

// needRecall: a final, history copy or receipt of message id of lane l,
// not held in memory, looks it up (as needID) and, when it is stored,
// pages the lane back in down to it (recall), so that it meets the
// message as one held.
func (s *State) needRecall(r *Reads, l frame.Lane, id string) bool {
	if !s.mayBeStored(l, id) {
		return false
	}
	if known, ok := s.aheadKnown(l, id); ok && (!known || s.recallRead(l, id)) {
		return false
	}
	s.needFill(r, l)
	s.addID(r, l, id, true)
	return true
}

// mayBeStored reports whether message id of lane l is not held in memory
// while the lane's database may hold it.
func (s *State) mayBeStored(l frame.Lane, id string) bool {
	if !s.notHeld(l, id) {
		return false
	}
	ln := s.lanes[l]
	return ln == nil || ln.localMore
}

// addID adds to r the look-up of message id of lane l, and with recall
// the pages back to it; r may be nil.
func (s *State) addID(r *Reads, l frame.Lane, id string, recall bool) {
	if r == nil {
		return
	}
	n := r.need(l, laneOldest(s.lanes[l]))
	if n.ids == nil {
		n.ids, n.recall = map[string]bool{}, map[string]bool{}
	}
	n.ids[id] = true
	n.recall[id] = n.recall[id] || recall
}

// needReceipt: a receipt for an id its lane does not hold recalls it
// from the lane's database (applyReceipt).
func (s *State) needReceipt(r *Reads, l frame.Lane, id string) bool {
	if s.lanes[l] == nil || id == "" || s.isGone(l, id) {
		return false
	}
	return s.needRecall(r, l, id)
}

// needBack: a message stamped ts placed by time (placeByTS) pages back
// while every message held is newer and the database holds older items.
// Called with r nil it only reports.
func (s *State) needBack(r *Reads, l frame.Lane, ts time.Time) bool {
	ln := s.lanes[l]
	if ln != nil && !ln.notRead {
		if _, found := ln.posByTS(ts); found || !ln.localMore {
			return false
		}
	}
	if s.backRead(ln, l, ts.UnixMilli()) {
		return false
	}
	if r != nil {
		n := r.need(l, laneOldest(ln))
		if !n.back || ts.UnixMilli() < n.ts {
			n.back, n.ts = true, ts.UnixMilli()
		}
	}
	return true
}

// backRead reports whether the pages read ahead of lane l reach back to a
// message at or before t, or to the lane's oldest stored item.
func (s *State) backRead(ln *Lane, l frame.Lane, t int64) bool {
	return s.readBackTo(ln, l, func(p storedPage) bool { return reaches(p, t) })
}

// recallRead reports whether the pages read ahead of lane l reach back to
// message id, or to the lane's oldest stored item.
func (s *State) recallRead(l frame.Lane, id string) bool {
	return s.readBackTo(s.lanes[l], l, func(p storedPage) bool { return holds(p, id) })
}

// readBackTo reports whether the pages read ahead of lane ln (l), in the
// order pageIn takes them from what memory holds, reach a page where
// found, or the lane's oldest stored item.
func (s *State) readBackTo(ln *Lane, l frame.Lane, found func(storedPage) bool) bool {
	var p storedPage
	var ok bool
	if ln == nil || ln.notRead {
		p, ok = s.aheadFirst(l)
	} else {
		p, ok = s.aheadPage(l, ln.oldest())
	}
	for ok {
		if found(p) || !p.more || len(p.items) == 0 {
			return true
		}
		p, ok = s.aheadPage(l, position{p.items[0].seq, p.items[0].id})
	}
	return false
}

// holds reports whether page p holds message id.
func holds(p storedPage, id string) bool {
	for _, it := range p.items {
		if it.Msg != nil && it.Msg.ID == id {
			return true
		}
	}
	return false
}

// reaches reports whether page p holds a message stamped at or before t
// (ms), where placeByTS stops paging back.
func reaches(p storedPage, t int64) bool {
	for _, it := range p.items {
		if it.Kind == KindMessage && it.TS.UnixMilli() <= t {
			return true
		}
	}
	return false
}

// laneOldest is the position pages back start from: the oldest held of a
// lane read, newest for one not read (or not there yet).
func laneOldest(ln *Lane) position {
	if ln == nil || ln.notRead {
		return newest
	}
	return ln.oldest()
}

// AheadRead is the read of what a Reads needs, a value the UI may hand to
// another goroutine; Read makes it.
type AheadRead struct {
	reads Reads
	gen   uint64
	limit int
	db    *db
}

// Ahead is what an AheadRead read, for UseAhead.
type Ahead struct{ a *ahead }

// ReadAhead returns the read of what r needs, or nil when it needs
// nothing (always for a memory-only State). It reads nothing itself.
func (s *State) ReadAhead(r *Reads) *AheadRead {
	if s.db == nil || len(r.lanes) == 0 {
		return nil
	}
	return &AheadRead{reads: *r, gen: s.rowsGen, limit: s.opts.PageSize, db: s.db}
}

// Read makes the read on the store's writer goroutine, after every write
// queued before it, and waits for it (see PageRead.Read). After the store
// is closed it reads nothing.
func (r *AheadRead) Read() Ahead {
	a := &ahead{gen: r.gen, db: r.db, lanes: map[frame.Lane]*laneAhead{}}
	r.db.onWriter(func() {
		for l, n := range r.reads.lanes {
			a.lanes[l] = r.db.readAhead(l, n, r.limit)
		}
	})
	return Ahead{a}
}

// readAhead reads what lane l needs: the ids, the fill's page, and the
// pages back to ts and to the oldest stored message to recall, as
// placeByTS and recall would take them one after another.
func (d *db) readAhead(l frame.Lane, n *laneNeed, limit int) *laneAhead {
	la := &laneAhead{pages: map[position]storedPage{}, known: map[string]bool{}}
	to := newest // the oldest stored message to recall
	for id := range n.ids {
		at, ok, err := d.messageAt(l, id)
		if err != nil {
			d.report(err, 0)
		}
		la.known[id] = ok
		if ok && n.recall[id] && at.before(to) {
			to = at
		}
	}
	pos, more, reached := n.from, true, false
	if n.fill {
		p := d.readPage(l, newest, limit, true)
		la.first = &p
		more, reached = p.more, reaches(p, n.ts)
		if len(p.items) > 0 {
			pos = position{p.items[0].seq, p.items[0].id}
		}
	}
	for more && (n.back && !reached || to.before(pos)) {
		p := d.readPage(l, pos, limit, false)
		la.pages[pos] = p
		if len(p.items) == 0 {
			break
		}
		more, reached = p.more, reached || reaches(p, n.ts)
		pos = position{p.items[0].seq, p.items[0].id}
	}
	return la
}

// UseAhead installs what an AheadRead read, for the reducer calls that
// follow to find their reads answered, adding to what was installed before
// and is still valid. An answer is used only while no stored row it could
// describe has changed since the read was asked for; DoneAhead drops them.
func (s *State) UseAhead(a Ahead) {
	if a.a == nil || a.a.db != s.db || a.a.gen != s.rowsGen {
		return
	}
	old := s.validAhead()
	s.ahead = a.a
	if old == nil {
		return
	}
	for l, was := range old.lanes {
		la := a.a.lanes[l]
		if la == nil {
			a.a.lanes[l] = was
			continue
		}
		if la.first == nil {
			la.first = was.first
		}
		for pos, p := range was.pages {
			if _, ok := la.pages[pos]; !ok {
				la.pages[pos] = p
			}
		}
		for id, known := range was.known {
			if _, ok := la.known[id]; !ok {
				la.known[id] = known
			}
		}
	}
}

// DoneAhead drops what UseAhead installed, once the calls it was read for
// are made.
func (s *State) DoneAhead() { s.ahead = nil }
