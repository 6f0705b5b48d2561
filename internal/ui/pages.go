package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Reading a lane's stored items. Update and View never read the database:
// the store says which read is needed (OpenPage, LoadOlder), readPageCmd
// makes it in a tea.Cmd, and handlePage applies the page it brings back
// (store.ApplyPage), then carries on with what asked for it. Meanwhile the
// transcript shows what memory holds, with "loading older…" at the top
// while an older page is on its way.

// pageFor says what asked for a page.
type pageFor int

const (
	pageOpen  pageFor = iota // the lane was opened (openLaneCmd)
	pageOlder                // the user reached the top (ActionLoadOlder)
	pageJump                 // a jump to a search hit looks further back (continueJump)
)

// pageLoadedMsg brings back a page read off the UI goroutine.
type pageLoadedMsg struct {
	page store.Page
	why  pageFor
	then tea.Cmd // run once the page is applied (the newest history page of a lane opened)
}

// readPageCmd makes the store read rd (the store runs it on its writer
// goroutine, after the writes queued before it) and brings the page back
// to Update; then runs once it is applied. Without a read it is then.
func readPageCmd(rd *store.PageRead, why pageFor, then tea.Cmd) tea.Cmd {
	if rd == nil {
		return then
	}
	return func() tea.Msg { return pageLoadedMsg{page: rd.Read(), why: why, then: then} }
}

// handlePage applies a page and goes on with what asked for it. A page
// the store found stale or empty, or the lane's first (its newest items),
// makes an older-page request ask again: for the next page, or now the
// gateway; an opened lane asks again while it holds less than a page.
func (m *Model) handlePage(msg pageLoadedMsg) tea.Cmd {
	l := msg.page.Lane()
	chg := m.st.ApplyPage(msg.page)
	cmd := tea.Batch(m.applyChange(chg, nil), msg.then)
	if l != m.lane {
		return cmd
	}
	added := chg.Has(l) && !msg.page.First()
	switch msg.why {
	case pageOlder:
		if !added {
			return tea.Batch(cmd, m.loadOlder(l))
		}
		m.transcript.PageDone()
		return tea.Batch(cmd, m.handleAction(m.transcript.ContinueToOldest()))
	case pageJump:
		if m.find.jumping != nil && added {
			m.find.jumping.pages++
		}
		return tea.Batch(cmd, m.continueJump())
	}
	if !chg.Has(l) { // dropped as stale, or empty: asks again only if still short
		return tea.Batch(cmd, readPageCmd(m.st.OpenPage(l), pageOpen, nil))
	}
	return cmd
}

// loadOlder brings in older items: from the store's database first (a
// page read in a tea.Cmd), then from the gateway.
func (m *Model) loadOlder(l frame.Lane) tea.Cmd {
	chg, rd, req := m.st.LoadOlder(l)
	cmd := m.applyChange(chg, nil)
	switch {
	case rd != nil:
		return tea.Batch(cmd, readPageCmd(rd, pageOlder, nil))
	case req == nil || m.gw == nil || !m.link.online():
		m.transcript.PageDone() // nothing older to ask for
		return tea.Batch(cmd, m.handleAction(m.transcript.ContinueToOldest()))
	}
	return tea.Batch(cmd, m.historyCmd(l, req))
}
