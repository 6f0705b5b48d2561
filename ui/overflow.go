package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
)

// newestOverflow returns the newest message of the focused lane whose text
// was cut at store.TextCap and kept whole in a file.
func (m *Model) newestOverflow() (*store.Overflow, bool) {
	ln := m.st.Lane(m.lane)
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.Overflow != nil && it.Msg.Overflow.Path != "" {
			return it.Msg.Overflow, true
		}
	}
	return nil, false
}

// openOverflow shows the whole text of the lane's newest cut message in
// the terminal's $PAGER (pager.go), Iris suspended meanwhile.
func (m *Model) openOverflow(o *store.Overflow) tea.Cmd { return m.runPager(o.Path, false) }
