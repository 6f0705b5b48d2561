package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// longTurn is how long an agent turn must run for its end to ring the
// terminal when the terminal is unfocused.
const longTurn = 10 * time.Second

// attention is what the window title and the end-of-turn notification
// follow.
type attention struct {
	busySince map[frame.Lane]time.Time // lanes whose agent works, since when
	unread    int                      // unread messages in all lanes
}

// noteTurns follows every lane's busy state after a store change: a turn
// that ran for longTurn or more and ends while the terminal is unfocused
// notifies (bell, OSC 9 and OSC 777), unless notifications are off in
// /settings. It also recounts the unread messages for the title.
func (m *Model) noteTurns() tea.Cmd {
	m.countUnread()
	if m.attn.busySince == nil {
		m.attn.busySince = map[frame.Lane]time.Time{}
	}
	now := m.com.Now()
	busy := map[frame.Lane]bool{}
	for _, l := range m.st.Unsettled() {
		if ln := m.st.Lane(l); ln != nil && ln.Busy {
			busy[l] = true
			if _, ok := m.attn.busySince[l]; !ok {
				m.attn.busySince[l] = now
			}
		}
	}
	var cmds []tea.Cmd
	for l, since := range m.attn.busySince {
		if busy[l] {
			continue
		}
		delete(m.attn.busySince, l)
		took := now.Sub(since)
		if took >= longTurn && m.term.blurred && m.com.Settings.Notifications {
			cmds = append(cmds, tea.Raw(notification(m.laneName(l), "reply finished after "+took.Round(time.Second).String())))
		}
	}
	return tea.Batch(cmds...)
}
