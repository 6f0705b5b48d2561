package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/dialog"
)

// notifyRepeatMsg fires when the earliest repeat of a picker's notification
// is due.
type notifyRepeatMsg struct{}

// repeatsOn reports whether unanswered pickers ring again: notifications
// and their repeats are on (/settings) and there are gaps to wait.
func (m *Model) repeatsOn() bool {
	return len(m.opts.NotifyRepeats) > 0 && m.com.Settings.Notifications && m.com.Settings.RepeatNotifications
}

// repeatDue is when picker p rings again after k repeats: its arrival plus
// the first k+1 gaps, the last gap standing in for those past the list.
func repeatDue(p store.Picker, k int, gaps []time.Duration) time.Time {
	t := p.Arrived
	for i := 0; i <= k; i++ {
		t = t.Add(gaps[min(i, len(gaps)-1)])
	}
	return t
}

// scheduleRepeat arms one tick at the earliest repeat due.
func (m *Model) scheduleRepeat() tea.Cmd {
	if m.pickers.repeating || !m.repeatsOn() {
		return nil
	}
	var next time.Time
	for _, p := range m.st.AllPickers() {
		next = earliest(next, repeatDue(p, m.pickers.repeats[p.PickerID], m.opts.NotifyRepeats))
	}
	return m.scr.tickAt(&m.pickers.repeating, next, notifyRepeatMsg{})
}

// handleNotifyRepeat rings again for each picker whose repeat is due, when
// the terminal is unfocused (a focused terminal is being looked at; the
// repeat is skipped, not postponed), and arms the next one. Repeats missed
// while the program slept ring once.
func (m *Model) handleNotifyRepeat() tea.Cmd {
	m.pickers.repeating = false
	if !m.repeatsOn() {
		return nil
	}
	now := m.com.Now()
	var cmds []tea.Cmd
	for _, p := range m.st.AllPickers() {
		k := m.pickers.repeats[p.PickerID]
		if now.Before(repeatDue(p, k, m.opts.NotifyRepeats)) {
			continue
		}
		for !now.Before(repeatDue(p, k, m.opts.NotifyRepeats)) {
			k++
		}
		m.pickers.repeats[p.PickerID] = k
		if m.term.blurred {
			summary := "still waiting (" + dialog.Age(now.Sub(p.Arrived)) + "): " + p.Summary()
			cmds = append(cmds, tea.Raw(notification(m.laneName(p.Lane), summary)))
		}
	}
	return tea.Batch(append(cmds, m.scheduleRepeat())...)
}
