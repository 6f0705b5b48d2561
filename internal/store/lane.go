package store

import (
	"github.com/hermes/iris/frame"
)

// Lane is one conversation (a channel's flat lane or a thread): its sidebar
// marks and its transcript, a list of Items with random access for a
// virtualised view. Fields are read-only for callers.
type Lane struct {
	Key  frame.Lane
	Name string
	// Unread counts messages from others that arrived while the lane was
	// not focused; Focus and MarkRead clear it, another device's read
	// receipt lowers it.
	Unread int
	// Busy and BusyReason follow agent.busy/agent.idle.
	Busy       bool
	BusyReason string
	// Typing follows typing/typing.stop.
	Typing bool
	// Lost: the connection dropped while the lane's turn looked running
	// (ConnectionLost); nothing says yet whether it goes on.
	Lost bool
	// HasMore: older items exist, in the local database or on the gateway
	// (a gap behind the newest page included); LoadOlder gets them.
	HasMore bool
	// OldestID is the oldest message id held (before_message_id for the
	// next history request).
	OldestID string
	// HistoryLoaded: the gateway's newest history page has been applied
	// during this session. It turns false again when one of the lane's
	// messages becomes "delivery unknown", since only the newest page can
	// settle it: the UI fetches that page when it sees false.
	HistoryLoaded bool
	// Model and Runtime are those of the lane's last final assistant message.
	Model   string
	Runtime *frame.Runtime
	// Version changes on every change to the lane or its items.
	Version uint64

	items      []*Item
	byMsg      map[string]*Item // message id → item
	pickers    []Picker
	serverMore bool   // the gateway said older messages exist
	localMore  bool   // the database holds items older than items[0]
	gap        string // the gateway holds messages between this id and older ones held
	anchor     *Item
	storedTurn bool        // the replay is of a turn only the database holds (its page could not be read)
	saved      laneRow     // the lane's row as last written
	notRead    bool        // its stored items have not been read yet (see OpenPage)
	stopAsked  bool        // the user asked the running turn to stop (stopped.go)
	awaiting   []string    // user messages waiting for their reply's turn (reply.go)
	replies    []replyLink // user messages and their replies (reply.go)
}

func newLane(l frame.Lane) *Lane {
	return &Lane{Key: l, Name: l.ChatID, byMsg: map[string]*Item{}}
}

// The accessors below read memory only, never the database: a lane shows
// the items read so far (see OpenPage and LoadOlder).

// Len is the number of items held in memory.
func (l *Lane) Len() int { return len(l.items) }

// Item returns item i (0 is the oldest held), or nil out of range.
func (l *Lane) Item(i int) *Item {
	if i < 0 || i >= len(l.items) {
		return nil
	}
	return l.items[i]
}

// IndexOf returns the index of the item holding message id.
func (l *Lane) IndexOf(messageID string) (int, bool) {
	it, ok := l.byMsg[messageID]
	if !ok {
		return 0, false
	}
	return it.pos, true
}

// Message returns the message with the given id, or nil.
func (l *Lane) Message(messageID string) *Message {
	if it := l.byMsg[messageID]; it != nil {
		return it.Msg
	}
	return nil
}

// insert puts it at index pos, giving it a sort key between its neighbours.
func (l *Lane) insert(pos int, it *Item) {
	switch {
	case len(l.items) == 0:
		it.seq = 0
	case pos >= len(l.items):
		pos = len(l.items)
		it.seq = l.items[pos-1].seq + 1
	case pos <= 0:
		pos = 0
		it.seq = l.items[0].seq - 1
	default:
		it.seq = (l.items[pos-1].seq + l.items[pos].seq) / 2
	}
	l.items = append(l.items, nil)
	copy(l.items[pos+1:], l.items[pos:])
	l.items[pos] = it
	l.renumber(pos)
	l.index(it)
}

// prepend puts stored items, oldest first, before the items held, keeping
// their stored sort keys. Items already held are skipped.
func (l *Lane) prepend(page []*Item) {
	items := make([]*Item, 0, len(page)+len(l.items))
	for _, it := range page {
		if it.Msg != nil && it.Msg.ID != "" && l.byMsg[it.Msg.ID] != nil {
			continue
		}
		items = append(items, it)
		l.index(it)
	}
	l.items = append(items, l.items...)
	l.renumber(0)
}

// remove takes it out of the lane.
func (l *Lane) remove(it *Item) {
	pos := it.pos
	if pos >= len(l.items) || l.items[pos] != it {
		return
	}
	l.items = append(l.items[:pos], l.items[pos+1:]...)
	l.renumber(pos)
	if it.Msg != nil && it.Msg.ID != "" && l.byMsg[it.Msg.ID] == it {
		delete(l.byMsg, it.Msg.ID)
	}
	if it.key != "" && l.byMsg[it.key] == it {
		delete(l.byMsg, it.key)
	}
	if l.anchor == it {
		l.anchor = nil
	}
}

// index records it under its message id.
func (l *Lane) index(it *Item) {
	if it.Msg != nil && it.Msg.ID != "" {
		l.byMsg[it.Msg.ID] = it
	}
	if it.key != "" {
		l.byMsg[it.key] = it
	}
}

func (l *Lane) renumber(from int) {
	for i := from; i < len(l.items); i++ {
		l.items[i].pos = i
	}
}

// refreshPaging recomputes HasMore and OldestID.
func (l *Lane) refreshPaging() {
	l.HasMore = l.serverMore || l.localMore || l.gap != ""
	l.OldestID = ""
	for _, it := range l.items {
		if it.Msg != nil && it.Msg.ID != "" {
			l.OldestID = it.Msg.ID
			return
		}
	}
}

// lane returns lane l with its items in memory, creating it unless it was
// deleted this session (then nil). It is the reducer's: a lane whose
// stored items were never read takes them now (fill: from what was read
// ahead, else read in place).
func (s *State) lane(l frame.Lane) *Lane {
	ln := s.laneState(l)
	if ln != nil {
		s.fill(ln)
	}
	return ln
}

// laneState returns lane l, creating it (nil if deleted this session). A
// new lane of a persistent State gets its stored state now (from memory:
// read at Open) and its items later: by OpenPage, or by the reducer's first
// use (lane).
func (s *State) laneState(l frame.Lane) *Lane {
	if ln := s.lanes[l]; ln != nil {
		return ln
	}
	if s.deleted[l] {
		return nil
	}
	ln := newLane(l)
	if c := s.channel(l); c != nil {
		ln.Name = c.Name
	}
	s.lanes[l] = ln
	if s.db != nil {
		s.loadLaneState(ln)
	}
	return ln
}

// Lane returns lane l, creating an empty one for a lane not seen yet. It
// never returns nil: for the zero lane or a lane deleted during this session
// it returns an empty lane that is not part of the State. It never reads
// the database: a lane whose stored items were not read yet holds none
// (OpenPage reads them).
func (s *State) Lane(l frame.Lane) *Lane {
	if l.ChatID != "" {
		if ln := s.laneState(l); ln != nil {
			return ln
		}
	}
	return newLane(l)
}

// laneChanged bumps the lane's version and reports it.
func (s *State) laneChanged(ln *Lane) {
	ln.Version = s.bump()
	s.chg.lane(ln.Key)
}

// touch records a mutation of item it in lane ln.
func (s *State) touch(ln *Lane, it *Item) {
	it.Version = s.bump()
	s.laneChanged(ln)
	s.dirty(ln, it)
}

// add inserts a new item at pos (len for the end) and records it.
func (s *State) add(ln *Lane, pos int, it *Item) {
	s.nextID++
	it.id = s.nextID
	ln.insert(pos, it)
	s.respace(ln, it.pos)
	s.touch(ln, it)
	ln.refreshPaging()
}

// respace gives the items from pos on sort keys one apart when the key
// just given to the item at pos is not strictly between its neighbours':
// halving runs out of float precision after some fifty insertions at one
// spot (a replay or gap page filling the range behind a history page).
// The items held are the lane's newest, so no stored row sorts after them.
func (s *State) respace(ln *Lane, pos int) {
	items := ln.items
	if pos == 0 || pos+1 >= len(items) || (items[pos-1].seq < items[pos].seq && items[pos].seq < items[pos+1].seq) {
		return
	}
	for i := pos; i < len(items); i++ {
		items[i].seq = items[i-1].seq + 1
		s.dirty(ln, items[i])
	}
}

// drop removes an item and records the removal.
func (s *State) drop(ln *Lane, it *Item) {
	ln.remove(it)
	s.laneChanged(ln)
	s.forget(it)
	ln.refreshPaging()
}
