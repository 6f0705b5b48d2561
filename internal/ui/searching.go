package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
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

// searcher is the search part: the search dialog open, the requests it
// asks for and their answers, and the hit a jump pages history towards
// (the paging itself is the root's: it changes the store).
type searcher struct {
	com     *common.Common
	scr     *screen
	eng     *session.Engine // nil: no gateway
	dlg     *dialog.Search  // the open search dialog, for its results
	jumping *jumpTarget     // a search hit being paged towards
}

// open opens the search dialog on lane, searching at once for a query
// given with /search; the dialog's first search comes back as an Action. A
// gateway without search gets a notice instead.
func (s *searcher) open(st *store.State, lane frame.Lane, query string) (common.Action, tea.Cmd) {
	if searchOff(st) {
		return nil, common.ReportError(errNoSearch)
	}
	if s.scr.panes.dialogs.Has(dialog.SearchID) {
		return nil, nil
	}
	s.dlg = dialog.NewSearch(s.com, lane, query, s.scr.tick)
	s.scr.openDialog(s.dlg)
	return s.dlg.Start(), nil
}

// request sends the search request a.
func (s *searcher) request(st *store.State, a common.ActionSearch) tea.Cmd {
	if s.eng == nil {
		return nil
	}
	if searchOff(st) { // the gateway reconnected without search
		return func() tea.Msg { return searchDoneMsg{asked: a, err: errNoSearch} }
	}
	p := &frame.Search{Query: a.Query, Scope: a.Scope}
	if a.Scope == dialog.ScopeChat {
		p.ChatID, p.ThreadID = frame.Some(a.Lane.ChatID), frame.OrNull(a.Lane.ThreadID)
	}
	f := frame.Frame{Type: frame.TypeSearch, Payload: p}
	return requestCmd(s.eng, f, func(resp frame.Frame, err error) tea.Msg {
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

// shown is the open search dialog, or nil.
func (s *searcher) shown() *dialog.Search {
	if !s.scr.panes.dialogs.Has(dialog.SearchID) {
		return nil
	}
	return s.dlg
}

// typed hands the pause after typing to the open search dialog, which
// searches the query when this pause follows its latest edit.
func (s *searcher) typed(msg dialog.SearchTypedMsg) (common.Action, tea.Cmd) {
	d := s.shown()
	if d == nil {
		return nil, nil
	}
	act, cmd := d.Update(msg)
	s.scr.mark(needRedraw)
	return act, cmd
}

// answered hands the open search dialog the results it asked for.
func (s *searcher) answered(msg searchDoneMsg) {
	d := s.shown()
	if d == nil {
		return
	}
	if msg.err != nil {
		d.SetError(msg.asked, msg.err)
	} else {
		d.SetResults(msg.asked, msg.results)
	}
	s.scr.mark(needRedraw)
}

// close closes the search dialog (a jump to a hit).
func (s *searcher) close() {
	s.scr.panes.dialogs.Remove(dialog.SearchID)
	s.dlg = nil
}

// closed forgets the dialog once it is no longer open.
func (s *searcher) closed() {
	if !s.scr.panes.dialogs.Has(dialog.SearchID) {
		s.dlg = nil
	}
}

// openSearch opens the search dialog on the focused lane.
func (m *Model) openSearch(query string) tea.Cmd {
	act, cmd := m.find.open(m.st, m.lane, query)
	return tea.Batch(cmd, m.handleAction(act))
}

// jump closes search, opens the hit's lane and scrolls to the message,
// paging older history in when it is not loaded.
func (m *Model) jump(a common.ActionJump) tea.Cmd {
	m.find.close()
	var cmds []tea.Cmd
	if a.Lane != m.lane {
		m.switchLane(a.Lane)
		cmds = append(cmds, m.openLaneCmd(a.Lane), m.pick.sync())
	}
	m.find.jumping = &jumpTarget{lane: a.Lane, messageID: a.MessageID}
	return tea.Batch(append(cmds, m.continueJump())...)
}

// continueJump scrolls to the jump target when it is loaded, or pages
// older items in (from the database through handlePage, from the gateway
// through handleHistory; both call it again).
func (m *Model) continueJump() tea.Cmd {
	j := m.find.jumping
	if j == nil || j.lane != m.lane {
		m.find.jumping = nil
		return nil
	}
	ln := m.st.Lane(j.lane)
	if ln == nil {
		m.find.jumping = nil
		return nil
	}
	if m.transcript.JumpTo(j.messageID) {
		m.find.jumping = nil
		m.scr.mark(needRedraw)
		return m.scr.setFocus(focusTranscript)
	}
	if !ln.HistoryLoaded && j.pages == 0 {
		return nil // the newest page is on its way (openLaneCmd)
	}
	notFound := common.ReportInfo("that message is not in the loaded history")
	if !ln.HasMore || j.pages >= maxJumpPages {
		m.find.jumping = nil
		return notFound
	}
	chg, rd, req := m.st.LoadOlder(j.lane)
	cmd := m.applyChange(chg, nil)
	switch {
	case rd != nil: // handlePage counts the page and comes back
		return tea.Batch(cmd, readPageCmd(rd, pageJump, nil))
	case req != nil && m.gw != nil && m.link.online():
		j.pages++
		return tea.Batch(cmd, m.historyCmd(j.lane, req))
	}
	m.find.jumping = nil
	return tea.Batch(cmd, notFound)
}
