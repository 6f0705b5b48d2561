// Package transcript is the message list of the focused lane: a virtualised
// view over the store's lane items (only visible items are rendered), with
// per-item render caches keyed by width, theme, settings and the item's
// version, follow mode while streaming, a "new messages below" marker, and
// paging of older history when the user reaches the top.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package transcript

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// wheelLines is how far one wheel notch scrolls.
const wheelLines = 3

// Model is the transcript component.
type Model struct {
	com     *common.Common
	lane    frame.Lane
	width   int
	height  int
	vp      viewport
	cache   map[*store.Item]*cached
	reasons map[*store.Item]*reasonBlock
	gens    [2]int // theme and settings generations the reasoning blocks were made for
	md      *mdCache
	spinner string

	topItem   *store.Item          // item at vp.top, to keep the position when pages are prepended
	lastLen   int                  // lane length at the last Refresh
	newBelow  bool                 // items arrived while scrolled up
	loading   bool                 // an older page was requested and has not arrived
	marked    *store.Item          // the selected message (select.go), or the one jumped to from search
	flipped   map[*store.Item]bool // messages whose reasoning is shown the other way (select.go)
	unfolded  map[*store.Item]bool // long messages of the user's shown in full (fold.go)
	folded    map[*store.Item]bool // those drawn folded (fold.go)
	toOldest  bool                 // paging in older history until the oldest message (oldest.go)
	oldestLen int                  // the lane's length when the last such page was asked
	focused   bool                 // has keyboard focus (focus.go)
	lead      int                  // rows the last View drew above the first item's lines (PreviewRow)

	media mediaState // selection, status and previews of media chips (media.go)

	inline inlineState // the items printed into the scrollback in --inline mode (inline.go)

	itemRenders int // items drawn afresh (cache misses in lines)
}

var _ common.Component = (*Model)(nil)

// New returns an empty transcript in follow mode.
func New(com *common.Common) *Model {
	return &Model{com: com, vp: viewport{follow: true}, cache: map[*store.Item]*cached{},
		reasons: map[*store.Item]*reasonBlock{}, folded: map[*store.Item]bool{}, md: newMDCache(com)}
}

// SetSize sets the transcript's outer size.
func (m *Model) SetSize(width, height int) {
	if width != m.width {
		m.md.reset()
	}
	m.width, m.height = width, height
	m.vp.height = height
}

// Lane is the lane on screen.
func (m *Model) Lane() frame.Lane { return m.lane }

// SetLane shows another lane, at its bottom in follow mode.
func (m *Model) SetLane(l frame.Lane) {
	m.lane = l
	m.vp = viewport{follow: true, height: m.height}
	m.cache = map[*store.Item]*cached{}
	clear(m.reasons)
	clear(m.folded)
	m.md.reset()
	m.topItem, m.newBelow, m.loading, m.marked, m.flipped, m.unfolded = nil, false, false, nil, nil, nil
	m.inline.printed = nil
	m.lastLen = m.src().Len()
}

// SetSpinner sets the frame animating running tools and waiting bubbles.
func (m *Model) SetSpinner(frame string) { m.spinner = frame }

// Following reports whether the view sticks to the bottom.
func (m *Model) Following() bool { return m.vp.follow }

// NewBelow reports whether the "new messages below" marker is shown.
func (m *Model) NewBelow() bool { return m.newBelow }

// Refresh re-reads the lane after the store changed it: it keeps the view on
// the same item when older items were prepended, raises the "new messages
// below" marker when items arrived while scrolled up, and forgets caches of
// items that are gone.
func (m *Model) Refresh() {
	src := m.src()
	n := src.Len()
	if m.topItem != nil && !m.vp.follow {
		if idx := src.find(m.topItem, m.vp.top); idx >= 0 {
			if idx > m.vp.top {
				m.loading = false // a page was prepended
			}
			m.vp.top = idx
		}
	}
	if n > m.lastLen && !m.vp.follow {
		m.newBelow = true
	}
	if n < m.lastLen || len(m.cache) > 4*max(n, 64) {
		m.prune(src)
	}
	m.lastLen = n
	if m.loading && n > 0 && !src.lane.HasMore {
		m.loading = false
	}
	m.keepOldest(src)
}

// prune drops cache entries of items no longer in the lane.
func (m *Model) prune(src laneSource) {
	keep := make(map[*store.Item]bool, src.Len())
	for i := 0; i < src.Len(); i++ {
		keep[src.lane.Item(i)] = true
	}
	m.dropExcept(keep)
}

// Update scrolls on transcript keys and the mouse wheel. Reaching the top
// of a lane with older history returns ActionLoadOlder (once per page).
func (m *Model) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	km := m.com.KeyMap
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.toOldest = false // any key but Top stops going to the oldest
		switch {
		case key.Matches(msg, km.Transcript.Up):
			m.SelectStep(-1)
		case key.Matches(msg, km.Transcript.Down):
			m.SelectStep(1)
		case key.Matches(msg, km.Global.PageUp):
			m.Scroll(-max(m.height-2, 1))
		case key.Matches(msg, km.Global.PageDown):
			m.Scroll(max(m.height-2, 1))
		case key.Matches(msg, km.Transcript.Top, km.Global.Top):
			m.goOldest()
		case key.Matches(msg, km.Transcript.Bottom, km.Global.Bottom):
			m.vp.toBottom()
			m.newBelow = false
		}
	case tea.MouseWheelMsg:
		m.toOldest = false
		switch msg.Button {
		case tea.MouseWheelUp:
			m.Scroll(-wheelLines)
		case tea.MouseWheelDown:
			m.Scroll(wheelLines)
		}
	}
	return m.maybeLoadOlder(), nil
}

// Scroll moves the view by delta lines (negative is up).
func (m *Model) Scroll(delta int) {
	src := m.src()
	m.vp.scroll(src, delta)
	if m.vp.follow {
		m.newBelow = false
	}
	m.topItem = src.lane.Item(m.vp.top)
}

func (m *Model) maybeLoadOlder() common.Action {
	ln := m.src().lane
	if m.loading || ln == nil || !ln.HasMore || !m.vp.atTop() {
		return nil
	}
	m.loading = true
	return common.ActionLoadOlder{Lane: m.lane}
}

// View renders the visible lines, bottom-aligned and padded above to the
// height, with the "new messages below" marker and the busy/typing
// indicator under them.
func (m *Model) View() string {
	src := m.src()
	var bottom []string
	if m.newBelow {
		bottom = append(bottom, m.com.Styles.Transcript.NewBelow.Width(m.width).
			Render("↓ new messages below ("+m.com.KeyMap.Global.Bottom.Help().Key+")"))
	}
	if ind := m.indicator(src.lane); ind != "" {
		bottom = append(bottom, ind)
	}
	if m.focused {
		bottom = append(bottom, m.focusMark())
	}
	var top []string
	if mark := m.loadingMark(); mark != "" {
		top = append(top, mark)
	}
	m.vp.height = max(m.height-len(bottom)-len(top), 1)
	if src.Len() == 0 {
		return strings.Join(append(append(top, m.empty(m.vp.height)), bottom...), "\n")
	}
	lines, _ := m.vp.visible(src)
	m.topItem = src.lane.Item(m.vp.top)
	m.evict(src)
	// A short lane sits at the bottom, next to the busy line and the
	// composer, as in any chat: the padding goes above it, never between.
	n := max(m.vp.height-len(lines), 0)
	m.lead = len(top) + n
	pad := make([]string, n, n+len(lines)+len(bottom))
	lines = append(append(append(top, pad...), lines...), bottom...)
	return strings.Join(lines, "\n")
}

func (m *Model) empty(height int) string {
	st := m.com.Styles.Transcript
	text := "No messages yet. Say hello below."
	switch ln := m.src().lane; {
	case m.lane.ChatID == "":
		text = "No channel yet: the gateway has not listed its channels. What you type stays in the composer until it has."
	case ln != nil && !ln.HistoryLoaded:
		text = "Loading history…"
	}
	return st.Empty.Width(m.width).Height(height).Render(text)
}

// ShortHelp lists the transcript's scroll keys.
func (m *Model) ShortHelp() []key.Binding {
	km := m.com.KeyMap
	return []key.Binding{km.Transcript.Up, km.Transcript.Down, km.Global.PageUp, km.Transcript.Bottom}
}

// FullHelp lists every transcript key.
func (m *Model) FullHelp() [][]key.Binding {
	km := m.com.KeyMap.Transcript
	return [][]key.Binding{{km.Up, km.Down, km.Top, km.Bottom, km.Compose},
		{km.Copy, km.CopyCode, km.View, km.Delete, km.Reasoning, km.Expand}}
}

// PageDone says the requested older page arrived or failed, so reaching the
// top may ask again.
func (m *Model) PageDone() { m.loading = false }

// ToBottom jumps to the newest item and follows.
func (m *Model) ToBottom() {
	m.vp.toBottom()
	m.newBelow = false
}

// LoadOlderIfAtTop asks for older history when the top of the lane is on
// screen (a short lane, or the user scrolled there).
func (m *Model) LoadOlderIfAtTop() common.Action {
	m.View()
	return m.maybeLoadOlder()
}
