package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// draftDelay is how long the composer text must stay unchanged before it is
// written to the store: a burst of typing costs one write, and a draft is
// never more than this behind when Iris is killed (SaveTyped covers a clean
// stop).
const draftDelay = 300 * time.Millisecond

// draftState tracks the composer text last seen and the pending save.
type draftState struct {
	seen string // composer text when changed last looked
	gen  int    // the newest scheduled save; older ticks are stale
}

// draftSaveMsg writes the focused lane's draft (scheduled by changed).
type draftSaveMsg struct{ gen int }

// changed schedules a draft save (after the settle pass of every Update)
// when v, the composer text, differs from the stored draft of lane l (the
// zero lane before any channel is known). Each change restarts the delay.
func (d *draftState) changed(st *store.State, l frame.Lane, v string, tick func(time.Duration, tea.Msg) tea.Cmd) tea.Cmd {
	if v == d.seen {
		return nil
	}
	d.seen = v
	if v == st.Draft(l) {
		return nil
	}
	d.gen++
	return tick(draftDelay, draftSaveMsg{gen: d.gen})
}

// due reports whether msg is the newest save scheduled: the text has
// settled.
func (d *draftState) due(msg draftSaveMsg) bool { return msg.gen == d.gen }

// SaveDraft writes the focused lane's composer text to the store now.
// Before any channel is known the text is kept under the zero lane, and
// comes along into the first lane focused (switchLane, New).
func (m *Model) SaveDraft() {
	m.st.SetDraft(m.lane, m.composer.Value())
}

// SaveTyped stores everything the user typed: the messages still held for
// their lane's read, and the draft. Main calls it after the program
// stopped (quit, SIGTERM, a closed terminal), so that a message whose
// Enter was taken and a draft typed within draftDelay are kept too.
func (m *Model) SaveTyped() {
	m.held.Flush()
	m.SaveDraft()
}
