package ui

import (
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// notifier is what rings the terminal and titles its window: a new picker
// while the terminal is unfocused, its repeats while it waits, a long turn
// that ends, and "◆ N waiting", busy and unread in the window title.
type notifier struct {
	com  *common.Common
	st   *store.State
	term *terminal
	scr  *screen
	gaps []time.Duration // Options.NotifyRepeats

	announced map[string]bool          // pickers already announced
	repeats   map[string]int           // notification repeats done per picker
	repeating bool                     // a repeat tick is scheduled
	busySince map[frame.Lane]time.Time // lanes whose agent works, since when
	unread    int                      // unread messages in all lanes
}

func newNotifier(com *common.Common, st *store.State, term *terminal, scr *screen, gaps []time.Duration) *notifier {
	return &notifier{com: com, st: st, term: term, scr: scr, gaps: gaps, announced: map[string]bool{}, repeats: map[string]int{},
		busySince: map[frame.Lane]time.Time{}}
}

// announcePickers rings the terminal for each new picker while the terminal
// is unfocused and notifications are on: a bell plus OSC 9 and OSC 777
// desktop notifications (the text from the wire goes through
// termsafe.Notify). Repeats follow while it waits (scheduleRepeat).
func (n *notifier) announcePickers() tea.Cmd {
	var cmds []tea.Cmd
	pending := map[string]bool{}
	for _, l := range n.st.PendingLanes() {
		for _, p := range n.st.Pickers(l) {
			pending[p.PickerID] = true
			if n.announced[p.PickerID] {
				continue
			}
			n.announced[p.PickerID] = true
			if n.term.blurred && n.com.Settings.Notifications {
				cmds = append(cmds, tea.Raw(notification(laneName(n.st, l), p.Summary())))
			}
		}
	}
	for id := range n.announced {
		if !pending[id] {
			delete(n.announced, id)
			delete(n.repeats, id)
		}
	}
	return tea.Batch(append(cmds, n.scheduleRepeat())...)
}

// notification is the bell plus OSC 9 and OSC 777 for a picker (see
// termsafe.Desktop).
func notification(lane, summary string) string {
	return termsafe.Desktop("Iris · "+lane, summary)
}

// laneName is the directory name of l.
func laneName(st *store.State, l frame.Lane) string {
	if ln := st.Lane(l); ln != nil && ln.Name != "" {
		return ln.Name
	}
	return l.String()
}

// notifyRepeatMsg fires when the earliest repeat of a picker's notification
// is due.
type notifyRepeatMsg struct{}

// repeatsOn reports whether unanswered pickers ring again: notifications
// and their repeats are on (/settings) and there are gaps to wait.
func (n *notifier) repeatsOn() bool {
	return len(n.gaps) > 0 && n.com.Settings.Notifications && n.com.Settings.RepeatNotifications
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
func (n *notifier) scheduleRepeat() tea.Cmd {
	if n.repeating || !n.repeatsOn() {
		return nil
	}
	var next time.Time
	for _, p := range n.st.AllPickers() {
		next = earliest(next, repeatDue(p, n.repeats[p.PickerID], n.gaps))
	}
	return n.scr.tickAt(&n.repeating, next, notifyRepeatMsg{})
}

// handleNotifyRepeat rings again for each picker whose repeat is due, when
// the terminal is unfocused (a focused terminal is being looked at; the
// repeat is skipped, not postponed), and arms the next one. Repeats missed
// while the program slept ring once.
func (n *notifier) handleNotifyRepeat() tea.Cmd {
	n.repeating = false
	if !n.repeatsOn() {
		return nil
	}
	now := n.com.Now()
	var cmds []tea.Cmd
	for _, p := range n.st.AllPickers() {
		k := n.repeats[p.PickerID]
		if now.Before(repeatDue(p, k, n.gaps)) {
			continue
		}
		for !now.Before(repeatDue(p, k, n.gaps)) {
			k++
		}
		n.repeats[p.PickerID] = k
		if n.term.blurred {
			summary := "still waiting (" + dialog.Age(now.Sub(p.Arrived)) + "): " + p.Summary()
			cmds = append(cmds, tea.Raw(notification(laneName(n.st, p.Lane), summary)))
		}
	}
	return tea.Batch(append(cmds, n.scheduleRepeat())...)
}

// longTurn is how long an agent turn must run for its end to ring the
// terminal when the terminal is unfocused.
const longTurn = 10 * time.Second

// noteTurns follows every lane's busy state after a store change: a turn
// that ran for longTurn or more and ends while the terminal is unfocused
// notifies (bell, OSC 9 and OSC 777), unless notifications are off in
// /settings. It also recounts the unread messages for the title.
func (n *notifier) noteTurns() tea.Cmd {
	n.countUnread()
	now := n.com.Now()
	busy := map[frame.Lane]bool{}
	for _, l := range n.st.Unsettled() {
		if ln := n.st.Lane(l); ln != nil && ln.Busy {
			busy[l] = true
			if _, ok := n.busySince[l]; !ok {
				n.busySince[l] = now
			}
		}
	}
	var cmds []tea.Cmd
	for l, since := range n.busySince {
		if busy[l] {
			continue
		}
		delete(n.busySince, l)
		took := now.Sub(since)
		if took >= longTurn && n.term.blurred && n.com.Settings.Notifications {
			cmds = append(cmds, tea.Raw(notification(laneName(n.st, l), "reply finished after "+took.Round(time.Second).String())))
		}
	}
	return tea.Batch(cmds...)
}

// windowTitle names the focused lane; the name comes from the wire, so it
// goes through termsafe.Notify.
func (n *notifier) windowTitle(lane frame.Lane) string {
	title := "Iris"
	if name := n.st.ChannelName(lane); name != "" {
		title = termsafe.Notify("Iris · "+name, 80)
	}
	return n.withPending(title, lane)
}

// withPending puts "◆ N waiting" before the window title while N pickers
// wait for an answer in any lane, and the focused lane's state after it:
// "busy" while its agent works, and the unread count of the other lanes
// (noteTurns counts it), so a glance at the terminal's tab or title bar
// shows it. title is already sanitised; the rest is Iris's own.
func (n *notifier) withPending(title string, lane frame.Lane) string {
	if ln := n.st.Lane(lane); ln != nil && ln.Busy {
		title += " · busy"
	}
	if n.unread > 0 {
		title += " · " + strconv.Itoa(n.unread) + " unread"
	}
	waiting := n.st.PendingCount()
	if waiting == 0 {
		return title
	}
	return "◆ " + strconv.Itoa(waiting) + " waiting · " + title
}

// countUnread sums the unread messages of every lane (kept per store
// change, not per frame drawn: a directory can be large).
func (n *notifier) countUnread() {
	n.unread = 0
	for _, c := range n.st.UnreadCounts() {
		n.unread += c
	}
}
