package dialog

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// SwitcherID is the channel switcher's ID.
const SwitcherID = "switcher"

// switcherRows is how many matches the switcher lists.
const switcherRows = 10

// Switcher is the Ctrl+K fuzzy channel switcher: type to filter, lanes with
// unread messages first, Enter switches. It lists the lanes of a LaneIndex
// and draws only the visible rows, so it stays fast with 100,000 channels.
type Switcher struct {
	com           *common.Common
	width, height int
	input         textinput.Model
	entries       []entry            // the index's, shared: never written
	keys          []string           // the index's search keys, shared
	unread        map[frame.Lane]int // lanes with unread messages
	first         []bool             // per entry: listed first (unread)
	matches       []int32            // indexes into entries, best first
	cur           list.Cursor        // over the matches

	rank   []uint16 // ranking key per entry (0: no match), reused by filter
	counts []int    // counting sort buckets, reused by filter
	last   string   // the query keys were computed for
	// Earlier results of the query's prefixes, shortest first, so that
	// erasing what was typed costs nothing.
	prefixes []ranked
}

var _ Dialog = (*Switcher)(nil)

// NewSwitcher lists every lane of the store's directory, through idx (kept
// by the caller across openings; it is brought up to date here).
func NewSwitcher(com *common.Common, idx *LaneIndex) *Switcher {
	ti := textinput.New()
	ti.Prompt = "› "
	ti.Placeholder = "jump to channel…"
	tis := textinput.DefaultStyles(com.Theme.IsDark())
	tis.Cursor.Blink = false
	ti.SetStyles(tis)
	ti.Focus()
	idx.refresh(com.Store)
	s := &Switcher{com: com, input: ti, entries: idx.entries, keys: idx.keys, unread: com.Store.UnreadCounts()}
	s.cur.SetRows(switcherRows)
	s.first = make([]bool, len(s.entries))
	for l := range s.unread {
		if i, ok := idx.at[l]; ok {
			s.first[i] = true
		}
	}
	s.filter()
	return s
}

// ID names the dialog.
func (s *Switcher) ID() string { return SwitcherID }

// SetSize sets the screen size the dialog fits in.
func (s *Switcher) SetSize(w, h int) {
	s.width, s.height = w, h
	s.input.SetWidth(s.innerWidth() - 3)
}

func (s *Switcher) innerWidth() int { return min(max(s.width-8, 20), 60) }

// Matches returns the labels of the current matches, best first.
func (s *Switcher) Matches() []string {
	out := make([]string, len(s.matches))
	for i, e := range s.matches {
		out[i] = s.entries[e].label
	}
	return out
}

// filter recomputes the matches for the query and highlights the best.
func (s *Switcher) filter() {
	s.rankMatches()
	s.cur.SetLen(len(s.matches))
	s.cur.Set(0)
}

// rankMatches lists the matches: lanes with unread messages first, then by
// fuzzy score for a query, ties in directory order. One pass scores every
// lane and a counting sort ranks them, both linear in the lanes.
func (s *Switcher) rankMatches() {
	q := strings.ToLower(strings.TrimSpace(s.input.Value()))
	for i := len(s.prefixes) - 1; i >= 0; i-- {
		if p := s.prefixes[i]; p.query == q { // erased back to an earlier query
			s.last, s.rank, s.matches = p.query, p.rank, p.matches
			s.prefixes = s.prefixes[:i]
			return
		}
	}
	const unreadBit = maxScore + 1
	// A lane that does not match a query cannot match one typed further.
	narrowing := len(s.rank) == len(s.entries) && strings.HasPrefix(q, s.last)
	switch {
	case narrowing && len(s.prefixes) < maxPrefixes:
		s.prefixes = append(s.prefixes, ranked{query: s.last, rank: slices.Clone(s.rank), matches: slices.Clone(s.matches)})
	case !narrowing:
		s.prefixes = nil
	}
	s.rank = slices.Grow(s.rank[:0], len(s.entries))[:len(s.entries)]
	s.last = q
	s.counts = slices.Grow(s.counts[:0], 2*unreadBit+1)[:2*unreadBit+1]
	clear(s.counts)
	n := 0
	for i, key := range s.keys {
		if narrowing && s.rank[i] == 0 {
			continue
		}
		score, ok := 0, true
		if q != "" {
			score, ok = matchScore(key, q)
		}
		if !ok {
			s.rank[i] = 0
			continue
		}
		k := 1 + score // 0 marks "no match"
		if s.first[i] {
			k += unreadBit
		}
		s.rank[i] = uint16(k)
		s.counts[k]++
		n++
	}
	// Best key first: each bucket starts after every higher one.
	at := 0
	for k := len(s.counts) - 1; k >= 1; k-- {
		c := s.counts[k]
		s.counts[k] = at
		at += c
	}
	s.matches = slices.Grow(s.matches[:0], n)[:n]
	for i, k := range s.rank {
		if k != 0 {
			s.matches[s.counts[k]] = int32(i)
			s.counts[k]++
		}
	}
}

// maxPrefixes bounds the earlier results a switcher keeps.
const maxPrefixes = 16

// ranked is the result of one query: each lane's ranking key and the
// matches in order.
type ranked struct {
	query   string
	rank    []uint16
	matches []int32
}

// Update edits the query, moves the highlight, switches or closes.
func (s *Switcher) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		s.cur.Update(msg, listKeys(s.com, false))
		return nil, nil
	}
	km := s.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Close):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Select):
		if i := s.cur.Index(); i < len(s.matches) {
			return common.ActionOpenLane{Lane: s.entries[s.matches[i]].lane}, nil
		}
		return nil, nil
	case s.cur.Update(kp, listKeys(s.com, false)):
		return nil, nil
	}
	before := s.input.Value()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(kp)
	if s.input.Value() != before {
		s.filter()
	}
	return nil, cmd
}

// View renders the query and the matches.
func (s *Switcher) View() string {
	st := s.com.Styles.Dialog
	w := s.innerWidth()
	lines := []string{st.Title.Render("Switch channel"), s.input.View(), ""}
	if len(s.matches) == 0 {
		lines = append(lines, st.Muted.Render("no match"))
	}
	first, end := s.cur.Window()
	for i := first; i < end; i++ {
		e := s.entries[s.matches[i]]
		badge := ""
		if n := s.unread[e.lane]; n > 0 {
			badge = " " + s.com.Styles.Sidebar.Unread.Render(strconv.Itoa(n))
		}
		label := ansi.Truncate(e.label, w-ansi.StringWidth(badge)-2, "…")
		style := st.Item
		if i == s.cur.Index() {
			style = st.Selected
		}
		lines = append(lines, style.Render("  "+label)+badge)
	}
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// ShortHelp lists the switcher's keys.
func (s *Switcher) ShortHelp() []key.Binding {
	km := s.com.KeyMap.Picker
	return []key.Binding{km.Up, km.Down, km.Select, km.Close}
}

// FullHelp lists the switcher's keys.
func (s *Switcher) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }
