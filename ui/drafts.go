package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// draftDelay is how long the composer text must stay unchanged before it is
// written to the store: a burst of typing costs one write, and a draft is
// never more than this behind when Iris is killed (SaveDraft covers a clean
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
	if m.lane.ChatID == "" {
		return nil
	}
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

// SaveDraft writes the focused lane's composer text to the store now. Main
// calls it after the program stopped (quit, SIGTERM, a closed terminal), so
// a draft typed within draftDelay is kept too.
func (m *Model) SaveDraft() {
	if m.lane.ChatID != "" {
		m.st.SetDraft(m.lane, m.composer.Value())
	}
}
