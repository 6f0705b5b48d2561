package ui

import "github.com/hermes/iris/internal/store"

// newestOverflow returns the newest message of lane ln whose text was cut
// at store.TextCap and kept whole in a file (the media Open key with no
// chip selected shows the focused lane's in the pager).
func newestOverflow(ln *store.Lane) (*store.Overflow, bool) {
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.Overflow != nil && it.Msg.Overflow.Path != "" {
			return it.Msg.Overflow, true
		}
	}
	return nil, false
}
