package ui

import "strconv"

// withPending puts "◆ N waiting" before the window title while N pickers
// wait for an answer in any lane, so a glance at the terminal's tab or
// title bar shows it. title is already sanitised; the prefix is Iris's own.
func (m *Model) withPending(title string) string {
	n := m.com.Store.PendingCount()
	if n == 0 {
		return title
	}
	return "◆ " + strconv.Itoa(n) + " waiting · " + title
}
