package dialog

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// SearchID is the search dialog's ID.
const SearchID = "search"

// Search scopes as the protocol spells them.
const (
	ScopeAll  = "all"
	ScopeChat = "chat"
)

// SearchDebounce is the pause in typing after which the query is searched.
const SearchDebounce = 300 * time.Millisecond

// SearchTypedMsg arrives SearchDebounce after an edit of the query; only
// the one of the latest edit (Gen) searches, so a burst of keys costs one
// request.
type SearchTypedMsg struct{ Gen int }

// Search is the Ctrl+F dialog: the query is searched as it is typed, after
// a pause (SearchDebounce), or at once on Enter (scope all, or chat for
// the focused lane after Tab); the hits list channel, role, time and the
// snippet with the match highlighted, and Enter on a hit jumps to it.
type Search struct {
	com           *common.Common
	tick          Tick
	gen           int // counts edits of the query (SearchTypedMsg.Gen)
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
// in already (the /search argument; "" for none); tick schedules the
// search after a pause in typing.
func NewSearch(com *common.Common, lane frame.Lane, query string, tick Tick) *Search {
	ti := newTextInput(com, "search messages…")
	ti.SetValue(query)
	ti.Focus()
	return &Search{com: com, tick: tick, input: ti, lane: lane, scope: ScopeAll}
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
		return nil, s.edit(msg)
	case SearchTypedMsg:
		return s.typed(msg), nil
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
	return nil, s.edit(kp)
}

// edit hands msg to the query's input; a change of the query schedules
// its search after the pause.
func (s *Search) edit(msg tea.Msg) tea.Cmd {
	before := s.input.Value()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	if s.input.Value() == before {
		return cmd
	}
	s.gen++
	return tea.Batch(cmd, s.tick(SearchDebounce, SearchTypedMsg{Gen: s.gen}))
}

// typed searches the query once typing paused: for the latest edit only,
// when the query differs from the one asked. An emptied query clears the
// hits.
func (s *Search) typed(msg SearchTypedMsg) common.Action {
	if msg.Gen != s.gen {
		return nil
	}
	q := strings.TrimSpace(s.input.Value())
	switch {
	case q == "":
		s.asked, s.pending, s.err, s.hits = "", false, "", nil
		s.cur.SetLen(0)
		return nil
	case s.scope+"\x00"+q == s.asked:
		return nil
	}
	return s.Start()
}

// ShortHelp lists the search keys.
func (s *Search) ShortHelp() []key.Binding {
	km := s.com.KeyMap.Picker
	return []key.Binding{common.Described(km.Select, "search / jump"), common.Described(km.Scope, "all ↔ this lane"),
		common.Moves(km.Up, km.Down), common.Described(km.Close, "close")}
}

// FullHelp lists the search keys.
func (s *Search) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }
