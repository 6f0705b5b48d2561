package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
)

// maxJumpPages bounds how many older pages a jump to a search hit loads.
const maxJumpPages = 20

// searchDoneMsg answers the search request asked.
type searchDoneMsg struct {
	asked   common.ActionSearch
	results frame.SearchResults
	err     error
}

// jumpTarget is a search hit the root is paging history towards.
type jumpTarget struct {
	lane      frame.Lane
	messageID string
	pages     int
}

// openSearch opens the search dialog, searching at once for a query given
// with /search; a gateway without search gets a notice instead.
func (m *Model) openSearch(query string) tea.Cmd {
	if searchOff(m.st) {
		return common.ReportError(errNoSearch)
	}
	if m.dialogs.Has(dialog.SearchID) {
		return nil
	}
	s := dialog.NewSearch(m.com, m.lane, query, m.scr.tick)
	m.search = s
	m.scr.openDialog(s)
	return m.handleAction(s.Start())
}

// searchCmd sends the search request.
func (m *Model) searchCmd(a common.ActionSearch) tea.Cmd {
	if m.gw == nil {
		return nil
	}
	if searchOff(m.st) { // the gateway reconnected without search
		return func() tea.Msg { return searchDoneMsg{asked: a, err: errNoSearch} }
	}
	p := &frame.Search{Query: a.Query, Scope: a.Scope}
	if a.Scope == dialog.ScopeChat {
		p.ChatID, p.ThreadID = frame.Some(a.Lane.ChatID), frame.OrNull(a.Lane.ThreadID)
	}
	f := frame.Frame{Type: frame.TypeSearch, Payload: p}
	return m.request(f, func(resp frame.Frame, err error) tea.Msg {
		r, ok := resp.Payload.(*frame.SearchResults)
		switch {
		case err != nil:
			return searchDoneMsg{asked: a, err: err}
		case !ok:
			return searchDoneMsg{asked: a, err: fmt.Errorf("unexpected %q answer", resp.Type)}
		}
		return searchDoneMsg{asked: a, results: *r}
	})
}

// searchTyped hands the pause after typing to the open search dialog,
// which searches the query when this pause follows its latest edit.
func (m *Model) searchTyped(msg dialog.SearchTypedMsg) tea.Cmd {
	if m.search == nil || !m.dialogs.Has(dialog.SearchID) {
		return nil
	}
	act, cmd := m.search.Update(msg)
	m.scr.mark(needRedraw)
	return tea.Batch(cmd, m.handleAction(act))
}

func (m *Model) handleSearchDone(msg searchDoneMsg) tea.Cmd {
	if m.search == nil || !m.dialogs.Has(dialog.SearchID) {
		return nil
	}
	if msg.err != nil {
		m.search.SetError(msg.asked, msg.err)
	} else {
		m.search.SetResults(msg.asked, msg.results)
	}
	m.scr.mark(needRedraw)
	return nil
}

// jump closes search, opens the hit's lane and scrolls to the message,
// paging older history in when it is not loaded.
func (m *Model) jump(a common.ActionJump) tea.Cmd {
	m.dialogs.Remove(dialog.SearchID)
	m.search = nil
	var cmds []tea.Cmd
	if a.Lane != m.lane {
		m.switchLane(a.Lane)
		cmds = append(cmds, m.openLaneCmd(a.Lane), m.pick.sync())
	}
	m.jumping = &jumpTarget{lane: a.Lane, messageID: a.MessageID}
	return tea.Batch(append(cmds, m.continueJump())...)
}

// continueJump scrolls to the jump target when it is loaded, or pages
// older items in (from the database through handlePage, from the gateway
// through handleHistory; both call it again).
func (m *Model) continueJump() tea.Cmd {
	j := m.jumping
	if j == nil || j.lane != m.lane {
		m.jumping = nil
		return nil
	}
	ln := m.st.Lane(j.lane)
	if ln == nil {
		m.jumping = nil
		return nil
	}
	if m.transcript.JumpTo(j.messageID) {
		m.jumping = nil
		m.scr.mark(needRedraw)
		return m.scr.setFocus(focusTranscript)
	}
	if !ln.HistoryLoaded && j.pages == 0 {
		return nil // the newest page is on its way (openLaneCmd)
	}
	notFound := common.ReportInfo("that message is not in the loaded history")
	if !ln.HasMore || j.pages >= maxJumpPages {
		m.jumping = nil
		return notFound
	}
	chg, rd, req := m.st.LoadOlder(j.lane)
	cmd := m.applyChange(chg, nil)
	switch {
	case rd != nil: // handlePage counts the page and comes back
		return tea.Batch(cmd, readPageCmd(rd, pageJump, nil))
	case req != nil && m.gw != nil && m.conn == common.ConnOnline:
		j.pages++
		return tea.Batch(cmd, m.historyCmd(j.lane, req))
	}
	m.jumping = nil
	return tea.Batch(cmd, notFound)
}
