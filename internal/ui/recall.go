package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/store"
)

// recallState walks the user's own messages of the focused lane from the
// composer: ↑ in an empty composer puts the newest one in, further ↑/↓
// go older/newer. Editing the recalled text ends the walk. A recalled text
// is a new draft: sending it sends a new message (the delivered one stays
// as it is).
type recallState struct {
	lane frame.Lane
	n    int    // how many messages back (1: the newest); 0: not walking
	text string // the text put in the composer
}

// key handles RecallPrev/RecallNext (keys km) in a composer holding
// value, in lane l of the store st: text is what the composer is to hold
// now, set whether it changes. ok is false when the composer holds a draft
// of the user's own (the keys then move the cursor as usual).
func (r *recallState) key(km keymap.Composer, msg tea.KeyPressMsg, st *store.State, l frame.Lane, value string) (text string, set, ok bool) {
	prev, next := key.Matches(msg, km.RecallPrev), key.Matches(msg, km.RecallNext)
	if !prev && !next {
		return "", false, false
	}
	walking := r.n > 0 && r.lane == l && value == r.text
	if !walking {
		*r = recallState{}
		if !prev || value != "" {
			return "", false, false
		}
	}
	n := r.n + 1
	if next {
		n = r.n - 1
	}
	text, found := sentText(st.Lane(l), n)
	if n > 0 && !found {
		return "", false, true // no older message: stay
	}
	*r = recallState{lane: l, n: n, text: text}
	return text, true, true
}

// sentText is the text of the user's n-th newest message in lane ln (n ≥
// 1); "" and false when there is none.
func sentText(ln *store.Lane, n int) (string, bool) {
	if ln == nil || n < 1 {
		return "", false
	}
	for i := ln.Len() - 1; i >= 0; i-- {
		it := ln.Item(i)
		if it.Msg == nil || it.Msg.Role != frame.RoleUser || it.Msg.Text == "" {
			continue
		}
		if n--; n == 0 {
			return it.Msg.Text, true
		}
	}
	return "", false
}
