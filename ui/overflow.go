package ui

import "github.com/hermes/iris/store"

// newestOverflow returns the newest message of the focused lane whose text
// was cut at store.TextCap and kept whole in a file (the media Open key
// with no chip selected shows it in the pager).
func (m *Model) newestOverflow() (*store.Overflow, bool) {
	ln := m.st.Lane(m.lane)
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.Overflow != nil && it.Msg.Overflow.Path != "" {
			return it.Msg.Overflow, true
		}
	}
	return nil, false
}
