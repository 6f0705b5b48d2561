package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// draftDelay is how long the composer text must stay unchanged before it is
// written to the store: a burst of typing costs one write, and a draft is
// never more than this behind when Iris is killed (SaveTyped covers a clean
// stop).
const draftDelay = 300 * time.Millisecond

// draftState tracks the composer text last seen and the pending save.
type draftState struct {
	seen string // composer text when draftAfterUpdate last looked
	gen  int    // the newest scheduled save; older ticks are stale
}

// draftSaveMsg writes the focused lane's draft (scheduled by draftAfterUpdate).
type draftSaveMsg struct{ gen int }

// draftAfterUpdate schedules a draft save when the composer text differs
// from the focused lane's stored draft. Each change restarts the delay.
func (m *Model) draftAfterUpdate() tea.Cmd {
	v := m.composer.Value()
	if v == m.drafts.seen {
		return nil
	}
	m.drafts.seen = v
	if v == m.st.Draft(m.lane) {
		return nil
	}
	m.drafts.gen++
	return m.scr.tick(draftDelay, draftSaveMsg{gen: m.drafts.gen})
}

// handleDraftSave saves the draft once the text has settled.
func (m *Model) handleDraftSave(msg draftSaveMsg) tea.Cmd {
	if msg.gen == m.drafts.gen {
		m.SaveDraft()
	}
	return nil
}

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
