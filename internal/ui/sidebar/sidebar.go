// Package sidebar is the channel list: channels with their threads nested,
// the default channel marked, unread counts, a busy spinner and a
// pending-picker mark per lane. Up/Down move a highlight, Enter or a click
// opens the lane.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package sidebar

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// Model is the sidebar component.
type Model struct {
	com     *common.Common
	width   int
	height  int
	rows    []row              // every lane in display order; only the visible ones are drawn
	index   map[frame.Lane]int // lane → row
	dirVer  uint64             // the store's DirectoryVersion the rows were built from
	built   bool
	cur     list.Cursor // the highlighted row and the first visible one
	current frame.Lane
	spinner string
	focused bool
	view    string // the last View, reused until something shown changes
	renders int    // drawings View made afresh
}

// row is one line of the list: a channel or a nested thread.
type row struct {
	node  store.ChannelNode
	depth int
	last  bool // the channel's last thread (drawn └, the others ├)
}

var _ common.Component = (*Model)(nil)

// New returns an empty sidebar.
func New(com *common.Common) *Model {
	m := &Model{com: com}
	m.cur.SetRows(m.listRows())
	return m
}

// SetSize sets the outer size.
func (m *Model) SetSize(width, height int) {
	if width == m.width && height == m.height {
		return
	}
	m.width, m.height, m.view = width, height, ""
	m.cur.SetRows(m.listRows())
}

// SetFocused marks whether the sidebar has keyboard focus.
func (m *Model) SetFocused(f bool) {
	if f != m.focused {
		m.focused, m.view = f, ""
	}
}

// SetSpinner sets the busy spinner frame.
func (m *Model) SetSpinner(s string) {
	if s != m.spinner {
		m.spinner, m.view = s, ""
	}
}

// SetCurrent marks the lane on screen and moves the highlight to it.
func (m *Model) SetCurrent(l frame.Lane) {
	m.current, m.view = l, ""
	if i := m.indexOf(l); i >= 0 {
		m.cur.Set(i)
	}
}

// Refresh re-reads the directory tree and the lanes' marks from the store;
// call it when the store reports a Directory or Pickers change. The rows
// are rebuilt only when entries were added, removed or reordered; entries
// edited in place (renamed) update their own rows; marks are read when the
// visible rows are drawn.
func (m *Model) Refresh() {
	m.view = ""
	st := m.com.Store
	v := st.DirectoryVersion()
	if m.built && v == m.dirVer {
		return
	}
	if edits, ok := st.DirectoryEdits(m.dirVer); m.built && ok {
		for _, l := range edits {
			i, listed := m.index[l]
			if n, ok := st.Entry(l); listed && ok {
				n.Threads = m.rows[i].node.Threads
				m.rows[i].node = n
			}
		}
	} else {
		m.rebuild()
	}
	m.built, m.dirVer = true, v
}

// rebuild lists the store's tree as rows and indexes them by lane, keeping
// the highlight on the same lane.
func (m *Model) rebuild() {
	highlighted := m.Highlighted()
	tree := m.com.Store.Tree()
	m.rows = m.rows[:0]
	m.index = make(map[frame.Lane]int, len(tree))
	for _, n := range tree {
		m.index[n.Lane] = len(m.rows)
		m.rows = append(m.rows, row{node: n})
		for i, t := range n.Threads {
			m.index[t.Lane] = len(m.rows)
			m.rows = append(m.rows, row{node: t, depth: 1, last: i == len(n.Threads)-1})
		}
	}
	m.cur.SetLen(len(m.rows))
	if i := m.indexOf(highlighted); i >= 0 {
		m.cur.Set(i)
	}
}

// Highlighted is the lane under the highlight.
func (m *Model) Highlighted() frame.Lane {
	if i := m.cur.Index(); i < len(m.rows) {
		return m.rows[i].node.Lane
	}
	return frame.Lane{}
}

func (m *Model) indexOf(l frame.Lane) int {
	if i, ok := m.index[l]; ok {
		return i
	}
	return -1
}

// Update moves the highlight and opens lanes.
func (m *Model) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok || len(m.rows) == 0 {
		return nil, nil
	}
	km := m.com.KeyMap.Sidebar
	m.view = ""
	if !m.cur.Update(kp, list.Keys{Up: km.Up, Down: km.Down}) && key.Matches(kp, km.Open) {
		return common.ActionOpenLane{Lane: m.Highlighted()}, nil
	}
	return nil, nil
}

// Click opens the lane on screen row y (0 is the sidebar's first row).
func (m *Model) Click(y int) common.Action {
	first, _ := m.cur.Window()
	i := first + y - m.headerRows()
	if y < m.headerRows() || i < 0 || i >= len(m.rows) {
		return nil
	}
	m.cur.Set(i)
	m.view = ""
	return common.ActionOpenLane{Lane: m.rows[i].node.Lane}
}

func (m *Model) headerRows() int { return 1 }

func (m *Model) listRows() int { return max(m.height-m.headerRows(), 1) }

// View renders the title and the visible rows, padded to the size.
func (m *Model) View() string {
	if m.view != "" {
		return m.view
	}
	st := m.com.Styles.Sidebar
	inner := max(m.width-st.Base.GetHorizontalFrameSize(), 4)
	lines := make([]string, 0, m.height)
	if m.focused {
		lines = append(lines, st.TitleFocused.Render("▸ Channels"))
	} else {
		lines = append(lines, st.Title.Render("Channels"))
	}
	first, end := m.cur.Window()
	for i := first; i < end; i++ {
		lines = append(lines, m.renderRow(m.rows[i], i == m.cur.Index(), inner))
	}
	m.view = st.Base.Width(m.width).Height(m.height).MaxHeight(m.height).Render(strings.Join(lines, "\n"))
	m.renders++
	return m.view
}

// ShowsSpinner reports whether a busy lane is among the visible rows (the
// root ticks the spinner only then).
func (m *Model) ShowsSpinner() bool {
	first, end := m.cur.Window()
	for i := first; i < end; i++ {
		if ln := m.com.Store.Lane(m.rows[i].node.Lane); ln != nil && ln.Busy {
			return true
		}
	}
	return false
}

// Renders counts the drawings View made afresh (the performance tests
// check that streaming frames make none).
func (m *Model) Renders() int { return m.renders }

// ShortHelp lists the sidebar keys.
func (m *Model) ShortHelp() []key.Binding {
	km := m.com.KeyMap.Sidebar
	return []key.Binding{km.Up, km.Down, km.Open}
}

// FullHelp lists the sidebar keys.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
