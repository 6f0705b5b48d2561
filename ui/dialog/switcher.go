package dialog

import (
	"sort"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/sahilm/fuzzy"

	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/wsclient/frame"
)

// SwitcherID is the channel switcher's ID.
const SwitcherID = "switcher"

// switcherRows is how many matches the switcher lists.
const switcherRows = 10

// Switcher is the Ctrl+K fuzzy channel switcher: type to filter, lanes with
// unread messages first, Enter switches.
type Switcher struct {
	com           *common.Common
	width, height int
	input         textinput.Model
	entries       []entry
	matches       []entry
	cursor        int
}

// entry is one lane the switcher can open.
type entry struct {
	lane   frame.Lane
	label  string // sanitised "channel" or "channel › thread"
	unread int
	order  int
}

var _ Dialog = (*Switcher)(nil)

// NewSwitcher lists every lane of the store's directory.
func NewSwitcher(com *common.Common) *Switcher {
	ti := textinput.New()
	ti.Prompt = "› "
	ti.Placeholder = "jump to channel…"
	tis := textinput.DefaultStyles(com.Theme.IsDark())
	tis.Cursor.Blink = false
	ti.SetStyles(tis)
	ti.Focus()
	s := &Switcher{com: com, input: ti}
	for _, n := range com.Store.Tree() {
		s.add(n.Lane, termsafe.Line(n.Name))
		for _, t := range n.Threads {
			s.add(t.Lane, termsafe.Line(n.Name)+" › "+termsafe.Line(t.Name))
		}
	}
	s.filter()
	return s
}

func (s *Switcher) add(l frame.Lane, label string) {
	e := entry{lane: l, label: label, order: len(s.entries)}
	if ln := s.com.Store.Lane(l); ln != nil {
		e.unread = ln.Unread
	}
	s.entries = append(s.entries, e)
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
		out[i] = e.label
	}
	return out
}

// filter recomputes the matches: fuzzy score order for a query, lanes with
// unread messages first in both cases.
func (s *Switcher) filter() {
	q := strings.TrimSpace(s.input.Value())
	s.matches = s.matches[:0]
	if q == "" {
		s.matches = append(s.matches, s.entries...)
	} else {
		labels := make([]string, len(s.entries))
		for i, e := range s.entries {
			labels[i] = e.label
		}
		for _, m := range fuzzy.Find(q, labels) {
			s.matches = append(s.matches, s.entries[m.Index])
		}
	}
	sort.SliceStable(s.matches, func(i, j int) bool {
		return s.matches[i].unread > 0 && s.matches[j].unread == 0
	})
	s.cursor = 0
}

// Update edits the query, moves the highlight, switches or closes.
func (s *Switcher) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := s.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Close):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Select):
		if s.cursor < len(s.matches) {
			return common.ActionOpenLane{Lane: s.matches[s.cursor].lane}, nil
		}
		return nil, nil
	case key.Matches(kp, km.Up):
		s.cursor = max(s.cursor-1, 0)
		return nil, nil
	case key.Matches(kp, km.Down):
		s.cursor = min(s.cursor+1, max(len(s.matches)-1, 0))
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
	first := max(0, s.cursor-switcherRows+1)
	for i := first; i < min(len(s.matches), first+switcherRows); i++ {
		e := s.matches[i]
		badge := ""
		if e.unread > 0 {
			badge = " " + s.com.Styles.Sidebar.Unread.Render(strconv.Itoa(e.unread))
		}
		label := ansi.Truncate(e.label, w-ansi.StringWidth(badge)-2, "…")
		style := st.Item
		if i == s.cursor {
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
