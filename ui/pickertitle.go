package ui

import "strconv"

// withPending puts "◆ N waiting" before the window title while N pickers
// wait for an answer in any lane, and the focused lane's state after it:
// "busy" while its agent works, and the unread count of the other lanes
// (attention.go keeps it), so a glance at the terminal's tab or title bar
// shows it. title is already sanitised; the rest is Iris's own.
func (m *Model) withPending(title string) string {
	if ln := m.st.Lane(m.lane); ln != nil && ln.Busy {
		title += " · busy"
	}
	if m.attn.unread > 0 {
		title += " · " + strconv.Itoa(m.attn.unread) + " unread"
	}
	n := m.st.PendingCount()
	if n == 0 {
		return title
	}
	return "◆ " + strconv.Itoa(n) + " waiting · " + title
}

// countUnread sums the unread messages of every lane (kept per store
// change, not per frame drawn: a directory can be large).
func (m *Model) countUnread() {
	m.attn.unread = 0
	for _, n := range m.st.UnreadCounts() {
		m.attn.unread += n
	}
}
