package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// pickerCtl is the controller of the pickers on screen (the pickers
// themselves live in the store, their answers go out through the root): it
// owns the picker dialog shown, the card of one waiting above the
// composer, who gets the keyboard when one arrives (pickerInput), the
// pickers hidden with Esc and what was typed in them, and the gateway's
// reports kept on screen. It places its dialog and card on the screen.
type pickerCtl struct {
	com    *common.Common
	scr    *screen
	shown  *dialog.Picker
	hidden map[string]bool
	input  pickerInput       // who gets the keyboard
	drafts map[string]string // text typed in a picker hidden with Esc
	// news holds the record of the picker on screen that the gateway
	// reported answered: its dialog stays up until the user dismisses it.
	news map[string]string
	// expiring: a tick is scheduled at the earliest picker deadline.
	expiring bool
}

// pickerFacts is what the picker controller reads of the moment from the
// panes it shares with the screen.
type pickerFacts struct {
	lane  frame.Lane // the focused lane (the transcript's)
	draft bool       // the composer holds text
}

// facts reads the focused lane and whether a draft is typed.
func (c *pickerCtl) facts() pickerFacts {
	p := c.scr.panes
	return pickerFacts{lane: p.transcript.Lane(), draft: p.composer.Value() != ""}
}

// newPickerCtl starts the controller. The pickers the store holds already
// (restored from the TUI's last run) wait as cards: the user starting Iris
// did not just ask for them, and the first keys typed go to the composer.
func newPickerCtl(com *common.Common, scr *screen) *pickerCtl {
	c := &pickerCtl{com: com, scr: scr, hidden: map[string]bool{}, input: pickerInput{waiting: map[string]bool{}},
		drafts: map[string]string{}, news: map[string]string{}}
	for _, p := range com.Store.AllPickers() {
		c.input.waiting[p.PickerID] = true
	}
	return c
}

// typingWindow is how recently a key must have gone to the composer for the
// user to count as typing: a picker arriving then waits as a card instead
// of taking the keyboard.
const typingWindow = 2 * time.Second

// pickerInput decides who gets the keyboard when a picker arrives: a user
// who is typing keeps it, and the picker waits as a card above the
// composer until a deliberate act (the picker key, a click on the card, the
// inbox) gives it the keyboard.
type pickerInput struct {
	lastTyped time.Time       // the last key typed (composer or a dialog other than a picker)
	answering time.Time       // the last key that went to a picker dialog
	waiting   map[string]bool // pickers held as a card
	chosen    string          // the picker the user deliberately opened
	sent      time.Time       // when the user last sent a message (zero: never)
}

// noteSent records that the user sent a message (a slash command such as
// /model, or a request): a picker it brings follows the user's own act, so
// the keys up to and including the Enter that sent it are not typing.
func (c *pickerCtl) noteSent() { c.input.sent = c.com.Now() }

// noteTyping records a key (or a paste) that went to the composer or to a
// dialog other than a picker.
func (c *pickerCtl) noteTyping() { c.input.lastTyped = c.com.Now() }

// noteAnswering records a key that went to a picker dialog.
func (c *pickerCtl) noteAnswering() { c.input.answering = c.com.Now() }

// userTyping reports whether the user is typing: a key was typed within
// typingWindow after the last message sent, or the composer holds a draft.
// A user who is answering pickers (the last key, within typingWindow, went
// to one) is not typing: the next picker of a chain takes the keyboard.
func (c *pickerCtl) userTyping(f pickerFacts) bool {
	in, now := c.input, c.com.Now()
	recent := func(t time.Time) bool { return !t.IsZero() && now.Sub(t) < typingWindow }
	switch {
	case recent(in.answering) && in.answering.After(in.lastTyped):
		return false
	case recent(in.lastTyped) && in.lastTyped.After(in.sent):
		return true
	}
	return f.draft
}

// holdPicker reports whether picker p must wait as a card rather than
// take the keyboard; a picker seen for the first time while the user is
// typing starts waiting.
func (c *pickerCtl) holdPicker(p store.Picker, f pickerFacts) bool {
	in := &c.input
	id := p.PickerID
	switch {
	case in.waiting[id]:
		return true
	case id == in.chosen || c.shown != nil && c.shown.PickerID() == id:
		return false // it has the keyboard already
	case c.userTyping(f):
		in.waiting[id] = true
	}
	return in.waiting[id]
}

// focus gives picker id of lane l, now the focused lane, the keyboard:
// the deliberate act (the picker key, a click on its card, the inbox) that
// a waiting picker needs. It brings back the lane's pickers hidden with Esc.
func (c *pickerCtl) focus(l frame.Lane, id string) tea.Cmd {
	c.reveal(l)
	delete(c.input.waiting, id)
	c.input.chosen = id
	cmd := c.sync()
	if p := c.shown; p != nil && p.PickerID() == id {
		p.Arm() // a deliberate open: the next key answers, it never falls to the composer
		c.scr.mark(needRedraw)
	}
	return cmd
}

// yield takes picker id's dialog down: it waits as a card.
func (c *pickerCtl) yield(id string) tea.Cmd {
	c.input.waiting[id] = true
	if c.input.chosen == id {
		c.input.chosen = ""
	}
	return c.sync()
}

// prunePickerInput forgets the pickers that are no longer pending: who
// waits, the chosen one, those hidden and what was typed in them.
func (c *pickerCtl) prunePickerInput() {
	in := &c.input
	if len(in.waiting) == 0 && in.chosen == "" && len(c.hidden) == 0 && len(c.drafts) == 0 {
		return
	}
	pending := map[string]bool{}
	for _, p := range c.com.Store.AllPickers() {
		pending[p.PickerID] = true
	}
	for _, kept := range []map[string]bool{in.waiting, c.hidden} {
		for id := range kept {
			if !pending[id] {
				delete(kept, id)
			}
		}
	}
	for id := range c.drafts {
		if !pending[id] {
			delete(c.drafts, id)
		}
	}
	if !pending[in.chosen] {
		in.chosen = ""
	}
}

// cardPicker is the picker shown as a card: the focused lane's first
// pending picker while none has the keyboard.
func (c *pickerCtl) cardPicker() *store.Picker {
	if c.shown != nil {
		return nil
	}
	if ps := c.com.Store.Pickers(c.scr.panes.transcript.Lane()); len(ps) > 0 {
		return &ps[0]
	}
	return nil
}

// cardRows is the card's height: 1 while a picker waits, else 0.
func (c *pickerCtl) cardRows() int {
	if c.cardPicker() != nil {
		return 1
	}
	return 0
}

// cardView renders the waiting picker's card for a column width wide:
// "◆ Approval waiting · alt+p to answer · <summary> · 4:59 left".
func (c *pickerCtl) cardView(width int) string {
	p := c.cardPicker()
	if p == nil {
		return ""
	}
	head := "◆ " + dialog.PickerNoun(p.Type) + " waiting · " + c.com.KeyMap.Global.Picker.Help().Key + " to answer"
	tail := ""
	if left := dialog.TimeLeft(*p, c.com.Now()); left != "" {
		tail = " · " + left
	}
	room := width - 1 - ansi.StringWidth(head+tail) - 3
	summary := ""
	if room > 4 {
		summary = " · " + ansi.Truncate(termsafe.Line(p.Summary()), room, "…")
	}
	line := c.com.Styles.Sidebar.Picker.Render(head) + c.com.Styles.Dialog.Muted.Render(summary+tail)
	return " " + ansi.Truncate(line, width-1, "…")
}

// cardAt is the waiting picker when the click at row y is on its card.
func (c *pickerCtl) cardAt(y int) (*store.Picker, bool) {
	p := c.cardPicker()
	l := c.scr.layout
	if p == nil || y != l.top+l.banner+l.transcript {
		return nil, false
	}
	return p, true
}

// pickerTicking reports whether a picker that expires is on screen (its
// time left counts down).
func (c *pickerCtl) pickerTicking() bool {
	if c.shown != nil {
		for _, p := range c.com.Store.Pickers(c.shown.Lane()) {
			if p.PickerID == c.shown.PickerID() {
				return !p.Deadline.IsZero()
			}
		}
	}
	p := c.cardPicker()
	return p != nil && !p.Deadline.IsZero()
}

// termFocused is told the terminal has the focus again after it lost it. A
// picker on screen arms afresh: it may have armed while the user was away,
// and a user coming back types at once, before reading what is now on
// screen.
func (c *pickerCtl) termFocused() tea.Cmd {
	if c.shown == nil {
		return nil
	}
	c.scr.mark(needRedraw)
	return c.shown.Show()
}

// armed hands the dialog on screen the end of its arming delay.
func (c *pickerCtl) armed(msg dialog.PickerArmedMsg) {
	if c.shown != nil {
		c.shown.Update(msg)
		c.scr.mark(needRedraw)
	}
}

// sync puts the focused lane's picker on screen and takes down one that
// ended. The picker shown is the one the user chose (focus), else the first
// pending one that is not hidden. It gets the keyboard unless it must wait
// as a card (the user is typing: holdPicker).
func (c *pickerCtl) sync() tea.Cmd {
	f := c.facts()
	c.prunePickerInput()
	defer c.scr.mark(needLayout) // the card may come or go
	var want *store.Picker
	for _, p := range c.com.Store.Pickers(f.lane) {
		if p.PickerID == c.input.chosen {
			want = &p
			break
		}
		if want == nil && !c.hidden[p.PickerID] {
			want = &p
		}
	}
	if want != nil && c.holdPicker(*want, f) {
		want = nil
	}
	cur := c.shown
	if cur != nil && c.news[cur.PickerID()] != "" && cur.Lane() == f.lane {
		return c.scr.clockTick() // the gateway's report stays up until dismissed
	}
	if cur != nil && (want == nil || cur.PickerID() != want.PickerID || cur.Lane() != f.lane) {
		c.scr.panes.dialogs.Remove(dialog.PickerDialogID)
		c.shown = nil
		c.scr.mark(needRedraw)
	}
	if want == nil || c.shown != nil {
		return c.scr.clockTick() // a card's time left counts down too
	}
	p := dialog.NewPicker(c.com, *want, c.scr.tick)
	p.SetDraft(c.drafts[want.PickerID])
	c.shown = p
	c.scr.openDialog(p)
	return tea.Batch(p.Show(), c.scr.clockTick())
}

// closed forgets the dialog shown once it left the dialogs.
func (c *pickerCtl) closed() {
	if !c.scr.panes.dialogs.Has(dialog.PickerDialogID) {
		c.shown = nil
	}
}

// hide takes the lane's pickers off screen; they stay pending (one arriving
// later shows up). A picker whose dialog showed the gateway's report is
// dismissed instead: dismissed is true.
func (c *pickerCtl) hide(a common.ActionHidePicker) (cmd tea.Cmd, dismissed bool) {
	if c.dismissNews(a.PickerID) {
		return c.sync(), true
	}
	if p := c.shown; p != nil && p.PickerID() == a.PickerID {
		c.drafts[a.PickerID] = p.Draft() // the typed answer comes back with it
	}
	for _, p := range c.com.Store.Pickers(a.Lane) {
		c.hidden[p.PickerID] = true
		if c.input.chosen == p.PickerID {
			c.input.chosen = "" // hiding undoes the Alt+P that opened it
		}
	}
	c.sync()
	return nil, false
}

// keepReported keeps the dialog of a picker the gateway reported answered
// on screen, with the report, until the user dismisses it, and tells what
// won over an answer from here that was not used. A dialog the user is not
// in yet (still arming: an approver answered it as it popped up) closes
// by itself with its record, so keys typed next reach the composer.
func (c *pickerCtl) keepReported(rs []store.PickerReport) tea.Cmd {
	var report tea.Cmd
	for _, r := range rs {
		if r.NotUsed {
			report = common.ReportInfo(termsafe.Line(r.Record))
		}
		if p := c.shown; p != nil && p.PickerID() == r.PickerID && p.Lane() == r.Lane && p.InUse() {
			c.news[r.PickerID] = r.Record
			p.SetNews(r.Record)
			c.scr.mark(needRedraw)
		}
	}
	return report
}

// dismissNews forgets the report kept on screen for picker id; it reports
// whether there was one.
func (c *pickerCtl) dismissNews(id string) bool {
	if c.news[id] == "" {
		return false
	}
	delete(c.news, id)
	return true
}

// reveal brings back the hidden pickers of lane l.
func (c *pickerCtl) reveal(l frame.Lane) {
	for _, p := range c.com.Store.Pickers(l) {
		delete(c.hidden, p.PickerID)
	}
}

// scheduleExpiry arms one tick at the earliest picker deadline.
func (c *pickerCtl) scheduleExpiry() tea.Cmd {
	if c.expiring {
		return nil
	}
	var next time.Time
	for _, p := range c.com.Store.AllPickers() {
		next = earliest(next, p.Deadline)
	}
	return c.scr.tickAt(&c.expiring, next, pickerExpiryMsg{})
}
