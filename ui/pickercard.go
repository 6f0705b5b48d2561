package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
)

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
func (m *Model) noteSent() { m.pickers.input.sent = m.com.Now() }

// noteTyping records a key (or a paste) that went to the composer or to a
// dialog other than a picker.
func (m *Model) noteTyping() {
	m.pickers.input.lastTyped = m.com.Now()
}

// noteAnswering records a key that went to a picker dialog.
func (m *Model) noteAnswering() { m.pickers.input.answering = m.com.Now() }

// userTyping reports whether the user is typing: a key was typed within
// typingWindow after the last message sent, or the composer holds a draft.
// A user who is answering pickers (the last key, within typingWindow, went
// to one) is not typing: the next picker of a chain takes the keyboard.
func (m *Model) userTyping() bool {
	in, now := m.pickers.input, m.com.Now()
	recent := func(t time.Time) bool { return !t.IsZero() && now.Sub(t) < typingWindow }
	switch {
	case recent(in.answering) && in.answering.After(in.lastTyped):
		return false
	case recent(in.lastTyped) && in.lastTyped.After(in.sent):
		return true
	}
	return m.composer.Value() != ""
}

// holdPicker reports whether picker p must wait as a card rather than
// take the keyboard; a picker seen for the first time while the user is
// typing starts waiting.
func (m *Model) holdPicker(p store.Picker) bool {
	in := &m.pickers.input
	id := p.PickerID
	switch {
	case in.waiting[id]:
		return true
	case id == in.chosen || m.pickers.shown != nil && m.pickers.shown.PickerID() == id:
		return false // it has the keyboard already
	case m.userTyping():
		in.waiting[id] = true
	}
	return in.waiting[id]
}

// focusPicker gives picker id of lane l the keyboard: the deliberate act
// (the picker key, a click on its card, the inbox) that a waiting picker
// needs. It opens l if another lane is focused, and brings back the lane's
// pickers hidden with Esc.
func (m *Model) focusPicker(l frame.Lane, id string) tea.Cmd {
	var cmds []tea.Cmd
	if l != m.lane {
		m.switchLane(l)
		cmds = append(cmds, m.openLaneCmd(l))
	}
	m.revealPickers(l)
	delete(m.pickers.input.waiting, id)
	m.pickers.input.chosen = id
	cmds = append(cmds, m.syncPicker())
	if p := m.pickers.shown; p != nil && p.PickerID() == id {
		p.Arm() // a deliberate open: the next key answers, it never falls to the composer
		m.scr.mark(needRedraw)
	}
	return tea.Batch(cmds...)
}

// yieldPicker takes a picker's dialog down (it waits as a card) and hands
// the key or paste that did not answer it to the composer.
func (m *Model) yieldPicker(a common.ActionYieldPicker) tea.Cmd {
	m.pickers.input.waiting[a.PickerID] = true
	if m.pickers.input.chosen == a.PickerID {
		m.pickers.input.chosen = ""
	}
	cmds := []tea.Cmd{m.syncPicker()}
	if m.scr.focus != focusComposer {
		cmds = append(cmds, m.scr.setFocus(focusComposer))
	}
	switch msg := a.Msg.(type) {
	case tea.KeyPressMsg:
		cmds = append(cmds, m.handleKey(msg))
	case tea.PasteMsg:
		cmds = append(cmds, m.handlePaste(msg))
	}
	return tea.Batch(cmds...)
}

// prunePickerInput forgets pickers that are no longer pending.
func (m *Model) prunePickerInput() {
	in := &m.pickers.input
	if len(in.waiting) == 0 && in.chosen == "" {
		return
	}
	pending := map[string]bool{}
	for _, l := range m.st.PendingLanes() {
		for _, p := range m.st.Pickers(l) {
			pending[p.PickerID] = true
		}
	}
	for id := range in.waiting {
		if !pending[id] {
			delete(in.waiting, id)
		}
	}
	if !pending[in.chosen] {
		in.chosen = ""
	}
}

// cardPicker is the picker shown as a card: the focused lane's first
// pending picker while none has the keyboard.
func (m *Model) cardPicker() *store.Picker {
	if m.pickers.shown != nil {
		return nil
	}
	if ps := m.st.Pickers(m.lane); len(ps) > 0 {
		return &ps[0]
	}
	return nil
}

// cardRows is the card's height: 1 while a picker waits, else 0.
func (m *Model) cardRows() int {
	if m.cardPicker() != nil {
		return 1
	}
	return 0
}

// cardView renders the waiting picker's card for a column width wide:
// "◆ Approval waiting · alt+p to answer · <summary> · 4:59 left".
func (m *Model) cardView(width int) string {
	p := m.cardPicker()
	if p == nil {
		return ""
	}
	head := "◆ " + dialog.PickerNoun(p.Type) + " waiting · " + m.com.KeyMap.Global.Picker.Help().Key + " to answer"
	tail := ""
	if left := dialog.TimeLeft(*p, m.com.Now()); left != "" {
		tail = " · " + left
	}
	room := width - 1 - ansi.StringWidth(head+tail) - 3
	summary := ""
	if room > 4 {
		summary = " · " + ansi.Truncate(termsafe.Line(p.Summary()), room, "…")
	}
	line := m.com.Styles.Sidebar.Picker.Render(head) + m.com.Styles.Dialog.Muted.Render(summary+tail)
	return " " + ansi.Truncate(line, width-1, "…")
}

// clickCard gives the waiting picker the keyboard when the click at row y
// is on its card; ok is false otherwise.
func (m *Model) clickCard(y int) (tea.Cmd, bool) {
	p := m.cardPicker()
	if p == nil || y != m.scr.layout.top+m.scr.layout.banner+m.scr.layout.transcript {
		return nil, false
	}
	return m.focusPicker(p.Lane, p.PickerID), true
}

// pickerTicking reports whether a picker that expires is on screen (its
// time left counts down).
func (m *Model) pickerTicking() bool {
	if m.pickers.shown != nil {
		for _, p := range m.st.Pickers(m.pickers.shown.Lane()) {
			if p.PickerID == m.pickers.shown.PickerID() {
				return !p.Deadline.IsZero()
			}
		}
	}
	p := m.cardPicker()
	return p != nil && !p.Deadline.IsZero()
}

// handleTermFocus notes that the terminal has the focus again. A picker on
// screen arms afresh: it may have armed while the user was away, and a user
// coming back types at once, before reading what is now on screen.
func (m *Model) handleTermFocus() tea.Cmd {
	blurred := m.term.blurred
	m.term.blurred = false
	if blurred && m.pickers.shown != nil {
		m.scr.mark(needRedraw)
		return m.pickers.shown.Show()
	}
	return nil
}
