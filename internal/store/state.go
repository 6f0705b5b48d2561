package store

import (
	"io"
	"log/slog"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
)

// Options configure a State.
type Options struct {
	// Now is the clock (arrival times, picker expiry). Default time.Now.
	Now func() time.Time
	// PageSize is how many items a persistent State reads at a time: a
	// lane's newest when first read, then each older page; it is also the
	// limit of the history requests LoadOlder returns. Default 50.
	PageSize int
	// OverflowDir is where the whole text of a message longer than TextCap
	// is written; "" keeps only the first TextCap bytes. Open defaults it
	// to the "texts" directory next to the database.
	OverflowDir string
	// WriteRetry is the first delay before writes that failed (a full
	// disk) are retried; it doubles up to 30 s. Default 1 s.
	WriteRetry time.Duration
	// IdleItems, when above 0, is how many of its newest items a
	// persistent State keeps in memory for a lane that is not in view
	// (the app passes IdleItems): older items already written are dropped
	// and read back a page at a time when the lane is focused again or
	// scrolled (see evict.go). 0 keeps every item read. A memory-only
	// State keeps every item, having nowhere to read them back from.
	IdleItems int
	// OnSyncRead, when set, is called before each read of the database
	// the State makes on its caller's goroutine: the reducer's, when a
	// frame is about a lane whose items were never read or a message
	// not in memory (page.go) and the read was not made ahead (UseAhead).
	// Reads for the UI (PageRead, AheadRead) run on the writer goroutine
	// and do not call it, nor do Open's own reads. Tests use it to prove that the UI's View and
	// Update never read on the UI goroutine.
	OnSyncRead func()
	// Log takes the protocol warnings the reducer raises (a directory
	// entry that is not a channel, a refused delete of the default
	// channel). Default: discarded.
	Log *slog.Logger
}

// State is the client's whole domain state. See the package doc for the
// one-goroutine rule.
type State struct {
	opts Options

	dir []*channel // directory in display order (see Tree)
	dirIndex
	lanes   map[frame.Lane]*Lane
	deleted map[frame.Lane]bool // lanes deleted this session; late frames for them are dropped
	gone    map[msgRef]bool     // messages deleted this session; never revived
	ended   map[string]bool     // picker ids answered or expired this session
	// answering holds the pickers whose answer from here awaits the gateway.
	answering map[string]*inFlight
	// unconfirmed holds the answers sent and not confirmed whose picker is
	// pending again (pickeranswer.go).
	unconfirmed map[string]*inFlight
	// unattributed: pickers ended as answered elsewhere, not yet taken by
	// TakeUnattributed (pickeranswered.go).
	unattributed []PickerEnd
	focus        frame.Lane

	status  string
	caps    frame.ServerCaps
	catalog []frame.Command
	cursor  atomic.Int64 // read by wsclient's goroutine too
	// instance is the last hello.ack instance_id (extension), "" if none.
	instance string
	banners  []Banner

	outbox map[string]*outgoing // client_msg_id → unechoed placeholder
	// storedOpen: lanes whose stored items include cards an earlier run
	// left running, maybe older than the items read (see Settle).
	storedOpen map[frame.Lane]bool
	// oversized: unfocused lanes that may hold more than IdleItems items,
	// with the writer's progress at the last attempt to shed them (-1:
	// not tried yet); see shed.
	oversized map[frame.Lane]int64
	paging    frame.Lane // the lane LoadOlder last paged (kept whole, like the focused one)
	// rowsGen changes whenever stored rows not in memory are deleted or
	// rewritten, so a page read before is stale (ApplyPage).
	rowsGen  uint64
	drafts   map[frame.Lane]string
	settings map[string]string

	version uint64 // last Item/Lane version handed out
	nextID  int64  // last item row id handed out

	chg   Change // accumulates between begin and end
	db    *db    // nil for a memory-only State
	ahead *ahead // the reducer's reads made ahead (UseAhead), or nil
}

// New returns an empty, memory-only State.
func New(opts Options) *State {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PageSize <= 0 {
		opts.PageSize = 50
	}
	if opts.WriteRetry <= 0 {
		opts.WriteRetry = time.Second
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &State{
		opts:        opts,
		dirIndex:    dirIndex{byLane: map[frame.Lane]*channel{}},
		lanes:       map[frame.Lane]*Lane{},
		deleted:     map[frame.Lane]bool{},
		gone:        map[msgRef]bool{},
		ended:       map[string]bool{},
		answering:   map[string]*inFlight{},
		unconfirmed: map[string]*inFlight{},
		outbox:      map[string]*outgoing{},
		storedOpen:  map[frame.Lane]bool{},
		oversized:   map[frame.Lane]int64{},
		drafts:      map[frame.Lane]string{},
		settings:    map[string]string{},
	}
}

// Change says what a mutating call changed, so the UI re-renders only that.
type Change struct {
	// Lanes whose transcript or lane fields (unread, busy, typing, pickers,
	// paging) changed, in first-changed order.
	Lanes []frame.Lane
	// Removed lanes no longer exist (channel.deleted); the UI leaves them.
	Removed []frame.Lane
	// Directory: the channel tree or a lane's sidebar marks changed.
	Directory bool
	// Pickers: some lane's picker queue changed.
	Pickers bool
	// Catalog: the command catalog changed.
	Catalog bool
	// Status: gateway status, caps or cursor changed.
	Status bool
	// Banners: new banners are queued (see TakeBanners).
	Banners bool
	// Outgoing: the outgoing queue changed (see Outgoing).
	Outgoing bool
	// Finished lists the messages whose final text a frame brought for the
	// first time, in order: a live repeat of a finished message is not
	// listed (iris tail prints each message once by it).
	Finished []MessageRef
	// Answers lists what became known of answers given on this device
	// (pickeranswer.go), for the audit log.
	Answers []AnswerSettled
	// Reported lists the pickers the gateway's picker.answered ended, or
	// whose answer from here it showed lost (NotUsed), with their records:
	// a dialog open on one stays up with the news until the user dismisses
	// it; a lost answer is told.
	Reported []PickerReport
}

// PickerReport is a picker that the gateway reported answered.
type PickerReport struct {
	Lane     frame.Lane
	PickerID string
	Record   string
	// NotUsed: this device's answer to it had been refused (not_found);
	// the record now says what won.
	NotUsed bool
}

// MessageRef names one message: its lane and id.
type MessageRef struct {
	Lane frame.Lane
	ID   string
}

// Empty reports whether nothing changed.
func (c Change) Empty() bool {
	return len(c.Lanes) == 0 && len(c.Removed) == 0 && !c.Directory && !c.Pickers &&
		!c.Catalog && !c.Status && !c.Banners && !c.Outgoing && len(c.Finished) == 0 && len(c.Answers) == 0
}

// Has reports whether lane l is among the changed lanes.
func (c Change) Has(l frame.Lane) bool { return slices.Contains(c.Lanes, l) }

// Merge folds o into c (for a UI that applies several frames per render).
func (c *Change) Merge(o Change) {
	for _, l := range o.Lanes {
		c.lane(l)
	}
	for _, l := range o.Removed {
		if !slices.Contains(c.Removed, l) {
			c.Removed = append(c.Removed, l)
		}
	}
	c.Directory = c.Directory || o.Directory
	c.Pickers = c.Pickers || o.Pickers
	c.Catalog = c.Catalog || o.Catalog
	c.Status = c.Status || o.Status
	c.Banners = c.Banners || o.Banners
	c.Outgoing = c.Outgoing || o.Outgoing
	c.Finished = append(c.Finished, o.Finished...)
	c.Answers = append(c.Answers, o.Answers...)
	c.Reported = append(c.Reported, o.Reported...)
}

func (c *Change) lane(l frame.Lane) {
	if !slices.Contains(c.Lanes, l) {
		c.Lanes = append(c.Lanes, l)
	}
}

// begin starts a mutating call.
func (s *State) begin() { s.chg = Change{} }

// end finishes a mutating call: hands the batch to the writer and returns
// what changed.
func (s *State) end() Change {
	s.commit()
	s.shed()
	c := s.chg
	s.chg = Change{}
	return c
}

// bump returns a fresh version number.
func (s *State) bump() uint64 {
	s.version++
	return s.version
}

// now is the injected clock.
func (s *State) now() time.Time { return s.opts.Now() }

// Focus records the lane on screen: it is marked read, and new messages in
// it do not count as unread. A persistent State sheds the items of the
// lane left beyond IdleItems. It reads nothing: OpenPage says which read
// brings the lane's items up to a page.
func (s *State) Focus(l frame.Lane) Change {
	s.begin()
	if s.focus != l {
		s.leave()
		s.focus = l
		s.dirtyMeta(metaFocus)
	}
	s.markRead(l)
	return s.end()
}

// Focused returns the lane last passed to Focus (kept across restarts by a
// persistent State, so the app can reopen where the user was).
func (s *State) Focused() frame.Lane { return s.focus }

// MarkRead clears lane l's unread count.
func (s *State) MarkRead(l frame.Lane) Change {
	s.begin()
	s.markRead(l)
	return s.end()
}

func (s *State) markRead(l frame.Lane) {
	if l.ChatID == "" {
		return
	}
	ln := s.laneState(l)
	if ln == nil || ln.Unread == 0 {
		return
	}
	ln.Unread = 0
	s.laneChanged(ln)
	s.chg.Directory = true
}

// fromMillis converts a wire ts (ms since the epoch) to a time, or the
// arrival time for 0.
func (s *State) fromMillis(ms int64) time.Time {
	if ms == 0 {
		return s.now()
	}
	return time.UnixMilli(ms)
}
