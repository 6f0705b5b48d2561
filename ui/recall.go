package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
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

// recallKey handles RecallPrev/RecallNext in the composer. ok is false when
// the composer holds a draft of the user's own (the keys then move the
// cursor as usual).
func (m *Model) recallKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := m.com.KeyMap.Composer
	prev, next := key.Matches(msg, c.RecallPrev), key.Matches(msg, c.RecallNext)
	if !prev && !next {
		return nil, false
	}
	walking := m.recall.n > 0 && m.recall.lane == m.lane && m.composer.Value() == m.recall.text
	if !walking {
		m.recall = recallState{}
		if !prev || m.composer.Value() != "" {
			return nil, false
		}
	}
	n := m.recall.n + 1
	if next {
		n = m.recall.n - 1
	}
	text, ok := sentText(m.st.Lane(m.lane), n)
	if n > 0 && !ok {
		return nil, true // no older message: stay
	}
	m.recall = recallState{lane: m.lane, n: n, text: text}
	m.composer.SetValue(text)
	m.scr.mark(needLayout)
	return m.syncDrawer(), true
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
