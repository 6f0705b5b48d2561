package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
)

// pickerState is the root's view of the pending pickers (the pickers
// themselves live in the store): the one on screen, those hidden with Esc
// and those already announced.
type pickerState struct {
	shown     *dialog.Picker
	hidden    map[string]bool
	announced map[string]bool
	expiring  bool              // an expiry tick is scheduled
	input     pickerInput       // who gets the keyboard (pickercard.go)
	repeats   map[string]int    // notification repeats done per picker (notifyrepeat.go)
	repeating bool              // a repeat tick is scheduled
	drafts    map[string]string // text typed in a picker hidden with Esc
	// news holds the record of the picker on screen that the gateway
	// reported answered: its dialog stays up until the user dismisses it.
	news map[string]string
}

func newPickerState() pickerState {
	return pickerState{hidden: map[string]bool{}, announced: map[string]bool{}, input: pickerInput{waiting: map[string]bool{}},
		repeats: map[string]int{}, drafts: map[string]string{}, news: map[string]string{}}
}

// pickerExpiryMsg fires at the earliest picker deadline.
type pickerExpiryMsg struct{}

// syncPicker puts the focused lane's picker on screen and takes down one
// that ended. The picker shown is the one the user chose (focusPicker), else
// the first pending one that is not hidden. It gets the keyboard unless it
// must wait as a card (the user is typing: holdPicker).
func (m *Model) syncPicker() tea.Cmd {
	m.prunePickerInput()
	defer m.relayout() // the card may come or go
	var want *store.Picker
	for _, p := range m.st.Pickers(m.lane) {
		if p.PickerID == m.pickers.input.chosen {
			want = &p
			break
		}
		if want == nil && !m.pickers.hidden[p.PickerID] {
			want = &p
		}
	}
	if want != nil && m.holdPicker(*want) {
		want = nil
	}
	cur := m.pickers.shown
	if cur != nil && m.pickers.news[cur.PickerID()] != "" && cur.Lane() == m.lane {
		return m.clockTick() // the gateway's report stays up until dismissed
	}
	if cur != nil && (want == nil || cur.PickerID() != want.PickerID || cur.Lane() != m.lane) {
		m.dialogs.Remove(dialog.PickerDialogID)
		m.pickers.shown = nil
		m.invalidate()
	}
	if want == nil || m.pickers.shown != nil {
		return m.clockTick() // a card's time left counts down too
	}
	p := dialog.NewPicker(m.com, *want, m.tick)
	p.SetDraft(m.pickers.drafts[want.PickerID])
	m.pickers.shown = p
	m.openDialog(p)
	return tea.Batch(p.Show(), m.clockTick())
}

// answerPicker answers the picker through the engine
// (session.Engine.AnswerPicker): until something settles it the transcript
// shows "answering…" in place of the answer's record; what came of the
// picker.select comes back as a session.Answered, which the engine settles,
// audits and words.
func (m *Model) answerPicker(a common.ActionSelectPicker) tea.Cmd {
	if _, ok := session.PendingPicker(m.st, a.Lane, a.PickerID); !ok {
		if m.dismissNews(a.PickerID) {
			return tea.Batch(m.syncPicker(), common.ReportInfo("not sent: the gateway reported this question answered"))
		}
		return m.syncPicker()
	}
	if m.pickersOff() {
		return common.ReportError(errNoPickers)
	}
	return m.run(m.eng.AnswerPicker(session.Answer{Lane: a.Lane, PickerID: a.PickerID, Value: a.Value, Reason: a.Reason, Record: a.Record}))
}

// hidePicker takes the lane's pickers off screen; they stay pending (one
// arriving later shows up).
func (m *Model) hidePicker(a common.ActionHidePicker) tea.Cmd {
	if m.dismissNews(a.PickerID) {
		return m.syncPicker()
	}
	if p := m.pickers.shown; p != nil && p.PickerID() == a.PickerID {
		m.pickers.drafts[a.PickerID] = p.Draft() // the typed answer comes back with it
	}
	for _, p := range m.st.Pickers(a.Lane) {
		m.pickers.hidden[p.PickerID] = true
		if m.pickers.input.chosen == p.PickerID {
			m.pickers.input.chosen = "" // hiding undoes the Alt+P that opened it
		}
	}
	m.syncPicker()
	return common.ReportInfo("picker hidden · " + m.com.KeyMap.Global.Picker.Help().Key + " brings it back")
}

// keepReported keeps the dialog of a picker the gateway reported answered
// on screen, with the report, until the user dismisses it, and tells what
// won over an answer from here that was not used. A dialog the user is not
// in yet (still arming: an approver answered it as it popped up) closes
// by itself with its record, so keys typed next reach the composer.
func (m *Model) keepReported(rs []store.PickerReport) tea.Cmd {
	var report tea.Cmd
	for _, r := range rs {
		if r.NotUsed {
			report = common.ReportInfo(termsafe.Line(r.Record))
		}
		if p := m.pickers.shown; p != nil && p.PickerID() == r.PickerID && p.Lane() == r.Lane && p.InUse() {
			m.pickers.news[r.PickerID] = r.Record
			p.SetNews(r.Record)
			m.invalidate()
		}
	}
	return report
}

// dismissNews forgets the report kept on screen for picker id; it reports
// whether there was one.
func (m *Model) dismissNews(id string) bool {
	if m.pickers.news[id] == "" {
		return false
	}
	delete(m.pickers.news, id)
	return true
}

// revealPickers brings back the hidden pickers of lane l.
func (m *Model) revealPickers(l frame.Lane) {
	for _, p := range m.st.Pickers(l) {
		delete(m.pickers.hidden, p.PickerID)
	}
}

// showPendingPicker is the picker key: it brings back the focused lane's
// hidden picker; with none waiting there it opens the approval inbox.
func (m *Model) showPendingPicker() tea.Cmd {
	if ps := m.st.Pickers(m.lane); len(ps) > 0 {
		return m.focusPicker(m.lane, ps[0].PickerID)
	}
	return m.openInbox()
}

// afterPickersChanged shows or takes down the picker, announces new ones
// when the terminal is unfocused and schedules the next expiry.
func (m *Model) afterPickersChanged() tea.Cmd {
	return tea.Batch(m.syncPicker(), m.announcePickers(), m.scheduleExpiry())
}

// announcePickers rings the terminal for each new picker while the terminal
// is unfocused and notifications are on: a bell plus OSC 9 and OSC 777
// desktop notifications (the text from the wire goes through
// termsafe.Notify). Repeats follow while it waits (notifyrepeat.go).
func (m *Model) announcePickers() tea.Cmd {
	var cmds []tea.Cmd
	pending := map[string]bool{}
	for _, l := range m.st.PendingLanes() {
		for _, p := range m.st.Pickers(l) {
			pending[p.PickerID] = true
			if m.pickers.announced[p.PickerID] {
				continue
			}
			m.pickers.announced[p.PickerID] = true
			if m.termBlurred && m.com.Settings.Notifications {
				cmds = append(cmds, tea.Raw(notification(m.laneName(l), p.Summary())))
			}
		}
	}
	for id := range m.pickers.announced {
		if !pending[id] {
			delete(m.pickers.announced, id)
			delete(m.pickers.hidden, id)
			delete(m.pickers.repeats, id)
			delete(m.pickers.drafts, id)
		}
	}
	return tea.Batch(append(cmds, m.scheduleRepeat())...)
}

// notification is the bell plus OSC 9 and OSC 777 for a picker (see
// termsafe.Desktop).
func notification(lane, summary string) string {
	return termsafe.Desktop("Iris · "+lane, summary)
}

// laneName is the directory name of l.
func (m *Model) laneName(l frame.Lane) string { return session.LaneName(m.st, l) }

// scheduleExpiry arms one tick at the earliest picker deadline.
func (m *Model) scheduleExpiry() tea.Cmd {
	if m.pickers.expiring {
		return nil
	}
	var next time.Time
	for _, p := range m.st.AllPickers() {
		next = earliest(next, p.Deadline)
	}
	return m.tickAt(&m.pickers.expiring, next, pickerExpiryMsg{})
}

// handlePickerExpiry ends the pickers whose timeout passed.
func (m *Model) handlePickerExpiry() tea.Cmd {
	m.pickers.expiring = false
	chg := m.st.Expire(m.com.Now())
	return tea.Batch(m.applyChange(chg, nil), m.scheduleExpiry())
}
