package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/list"
)

// SearchID is the search dialog's ID.
const SearchID = "search"

// Search scopes as the protocol spells them.
const (
	ScopeAll  = "all"
	ScopeChat = "chat"
)

// Search is the Ctrl+F dialog: Enter sends the query (scope all, or chat
// for the focused lane after Tab), the hits list channel, role, time and
// the snippet with the match highlighted, and Enter on a hit jumps to it.
type Search struct {
	com           *common.Common
	width, height int
	input         textinput.Model
	lane          frame.Lane // the focused lane (scope chat)
	scope         string
	asked         string              // the query and scope of the last search ("" none)
	last          common.ActionSearch // the last search sent; an answer names its own
	pending       bool
	err           string
	hits          []frame.SearchHit
	terms         []string    // the lower-cased words of the answered query
	cur           list.Cursor // over the hits
}

var _ Dialog = (*Search)(nil)

// NewSearch opens the search dialog for the focused lane, with query typed
// in already (the /search argument; "" for none).
func NewSearch(com *common.Common, lane frame.Lane, query string) *Search {
	ti := newTextInput(com, "search messages…")
	ti.SetValue(query)
	ti.Focus()
	return &Search{com: com, input: ti, lane: lane, scope: ScopeAll}
}

// ID names the dialog.
func (s *Search) ID() string { return SearchID }

// SetSize sets the screen size the dialog fits in.
func (s *Search) SetSize(w, h int) {
	s.width, s.height = w, h
	s.input.SetWidth(max(s.innerWidth()-4, 8))
	s.cur.SetRows(s.visibleHits())
}

// visibleHits is how many hits (two lines each) fit the screen.
func (s *Search) visibleHits() int { return max((s.height-10)/2, 2) }

func (s *Search) innerWidth() int { return min(max(s.width-8, 30), 90) }

// Scope returns the current scope (ScopeAll or ScopeChat).
func (s *Search) Scope() string { return s.scope }

// Pending reports whether a search is on its way.
func (s *Search) Pending() bool { return s.pending }

// Start returns the search for the typed query (an ActionSearch), or nil
// for an empty query. The root calls it when the dialog opens with a query.
func (s *Search) Start() common.Action {
	q := strings.TrimSpace(s.input.Value())
	if q == "" {
		return nil
	}
	s.asked, s.pending, s.err = s.scope+"\x00"+q, true, ""
	s.last = common.ActionSearch{Query: q, Scope: s.scope, Lane: s.lane, Seq: s.last.Seq + 1}
	return s.last
}

// SetResults shows the answer to the search asked (the action Start
// returned; the request id tied the answer to it). The query and scope the
// gateway echoes play no part: a gateway may lowercase or trim them, or
// leave the scope out. An answer to an older search (of this dialog or of
// one closed before) is ignored.
func (s *Search) SetResults(asked common.ActionSearch, r frame.SearchResults) {
	if asked != s.last {
		return
	}
	s.pending, s.err, s.hits = false, "", r.Hits
	s.cur.SetLen(len(s.hits))
	s.cur.Set(0)
	s.terms = strings.Fields(strings.ToLower(termsafe.Line(asked.Query)))
}

// SetError shows why the search asked failed (ignored for an older
// search).
func (s *Search) SetError(asked common.ActionSearch, err error) {
	if asked != s.last {
		return
	}
	s.pending, s.err = false, termsafe.Line(err.Error())
}

// Update edits the query, toggles the scope, searches, moves and jumps.
func (s *Search) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(msg)
		return nil, cmd
	case tea.KeyPressMsg:
		return s.handleKey(msg)
	case tea.MouseWheelMsg:
		s.cur.Update(msg, listKeys(s.com, false))
	}
	return nil, nil
}

func (s *Search) handleKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	km := s.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Close):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Scope):
		s.scope = map[string]string{ScopeAll: ScopeChat, ScopeChat: ScopeAll}[s.scope]
		return s.Start(), nil
	case s.cur.Update(kp, listKeys(s.com, false)):
		return nil, nil
	case key.Matches(kp, km.Select):
		q := strings.TrimSpace(s.input.Value())
		if s.scope+"\x00"+q != s.asked {
			return s.Start(), nil
		}
		if i := s.cur.Index(); i < len(s.hits) {
			h := s.hits[i]
			return common.ActionJump{Lane: frame.Lane{ChatID: h.ChatID, ThreadID: h.ThreadID.Val}, MessageID: h.MessageID}, nil
		}
		return nil, nil
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(kp)
	return nil, cmd
}

// ShortHelp lists the search keys.
func (s *Search) ShortHelp() []key.Binding {
	km := s.com.KeyMap.Picker
	return []key.Binding{km.Select, km.Scope, km.Up, km.Down, km.Close}
}

// FullHelp lists the search keys.
func (s *Search) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }
