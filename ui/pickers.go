package ui

import (
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
	"github.com/hermes/iris/wsclient/frame"
)

// pickerState is the root's view of the pending pickers (the pickers
// themselves live in the store): the one on screen, those hidden with Esc
// and those already announced.
type pickerState struct {
	shown     *dialog.Picker
	hidden    map[string]bool
	announced map[string]bool
	expiring  bool        // an expiry tick is scheduled
	input     pickerInput // who gets the keyboard (pickercard.go)
}

func newPickerState() pickerState {
	return pickerState{hidden: map[string]bool{}, announced: map[string]bool{}, input: pickerInput{waiting: map[string]bool{}}}
}

// Messages of the picker flow.
type (
	// pickerAnsweredMsg is the gateway's answer to a picker.select.
	pickerAnsweredMsg struct {
		picker   store.Picker
		notFound bool
		err      error
	}
	// pickerExpiryMsg fires at the earliest picker deadline.
	pickerExpiryMsg struct{}
)

// syncPicker puts the focused lane's picker on screen and takes down one
// that ended. The picker shown is the one the user chose (focusPicker), else
// the first pending one that is not hidden. It gets the keyboard unless it
// must wait as a card (the user is typing: holdPicker).
func (m *Model) syncPicker() tea.Cmd {
	m.prunePickerInput()
	defer m.relayout() // the card may come or go
	var want *store.Picker
	for _, p := range m.com.Store.Pickers(m.lane) {
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
	if cur != nil && (want == nil || cur.PickerID() != want.PickerID || cur.Lane() != m.lane) {
		m.dialogs.Remove(dialog.PickerDialogID)
		m.pickers.shown = nil
		m.invalidate()
	}
	if want == nil || m.pickers.shown != nil {
		return m.clockTick() // a card's time left counts down too
	}
	p := dialog.NewPicker(m.com, *want, m.tick)
	m.pickers.shown = p
	m.openDialog(p)
	return tea.Batch(p.Show(), m.clockTick())
}

// answerPicker records the answer in the transcript (where it was given)
// and sends picker.select. Should the gateway refuse it, a notice says so
// and, unless the picker was answered elsewhere, the picker comes back.
func (m *Model) answerPicker(a common.ActionSelectPicker) tea.Cmd {
	var pk *store.Picker
	for _, p := range m.com.Store.Pickers(a.Lane) {
		if p.PickerID == a.PickerID {
			pk = &p
		}
	}
	if pk == nil {
		return m.syncPicker()
	}
	chg := m.com.Store.AnswerPicker(a.Lane, a.PickerID, a.Record)
	cmd := m.applyChange(chg, nil)
	if m.gw == nil {
		return cmd
	}
	f := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: a.PickerID, Value: a.Value, Reason: a.Reason}}
	return tea.Batch(cmd, requestCmd(m.gw, m.opts.RequestTimeout, f, func(resp frame.Frame, err error) tea.Msg {
		e, _ := resp.Payload.(*frame.Error)
		return pickerAnsweredMsg{picker: *pk, notFound: e != nil && e.Code == frame.CodeNotFound, err: err}
	}))
}

// handlePickerAnswered reports a refused answer: "already answered
// elsewhere" for not_found; any other failure puts the picker back.
func (m *Model) handlePickerAnswered(msg pickerAnsweredMsg) tea.Cmd {
	l := msg.picker.Lane
	switch {
	case msg.notFound:
		chg := m.com.Store.AddNotice(l, "already answered elsewhere: your answer was not used")
		return tea.Batch(common.ReportInfo("already answered elsewhere"), m.applyChange(chg, nil))
	case msg.err != nil:
		chg := m.com.Store.AddNotice(l, "answer not sent ("+msg.err.Error()+"): the question is back")
		p := msg.picker.Picker
		chg.Merge(m.com.Store.Apply(frame.Frame{Type: msg.picker.Type, ChatID: frame.Some(l.ChatID),
			ThreadID: frame.OrNull(l.ThreadID), Payload: &p}, false))
		return tea.Batch(common.ReportError(errors.New("answer not sent")), m.applyChange(chg, nil))
	}
	return nil
}

// hidePicker takes the lane's pickers off screen; they stay pending (one
// arriving later shows up).
func (m *Model) hidePicker(a common.ActionHidePicker) tea.Cmd {
	for _, p := range m.com.Store.Pickers(a.Lane) {
		m.pickers.hidden[p.PickerID] = true
	}
	m.syncPicker()
	return common.ReportInfo("picker hidden · " + m.com.KeyMap.Global.Picker.Help().Key + " brings it back")
}

// revealPickers brings back the hidden pickers of lane l.
func (m *Model) revealPickers(l frame.Lane) {
	for _, p := range m.com.Store.Pickers(l) {
		delete(m.pickers.hidden, p.PickerID)
	}
}

// showPendingPicker is the picker key: it brings back the focused lane's
// hidden picker, or opens the next lane with one pending.
func (m *Model) showPendingPicker() tea.Cmd {
	if ps := m.com.Store.Pickers(m.lane); len(ps) > 0 {
		return m.focusPicker(m.lane, ps[0].PickerID)
	}
	lanes := m.com.Store.PendingLanes()
	if len(lanes) == 0 {
		return common.ReportInfo("no question is waiting")
	}
	return m.focusPicker(lanes[0], m.com.Store.Pickers(lanes[0])[0].PickerID)
}

// afterPickersChanged shows or takes down the picker, announces new ones
// when the terminal is unfocused and schedules the next expiry.
func (m *Model) afterPickersChanged() tea.Cmd {
	return tea.Batch(m.syncPicker(), m.announcePickers(), m.scheduleExpiry())
}

// announcePickers rings the terminal for each new picker while the terminal
// is unfocused and notifications are on: a bell plus OSC 9 and OSC 777 desktop notifications (the
// text from the wire goes through termsafe.Notify).
func (m *Model) announcePickers() tea.Cmd {
	var cmds []tea.Cmd
	pending := map[string]bool{}
	for _, l := range m.com.Store.PendingLanes() {
		for _, p := range m.com.Store.Pickers(l) {
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
		}
	}
	return tea.Batch(cmds...)
}

// notification is the bell plus OSC 9 and OSC 777 for a picker; both texts
// are sanitised and capped, and carry no control characters.
func notification(lane, summary string) string {
	title := termsafe.Notify("Iris · "+lane, 60)
	body := termsafe.Notify(summary, 160)
	field := strings.ReplaceAll(title, ";", ",") // OSC 777 separates its fields with ';'
	return "\a\x1b]9;" + title + ": " + body + "\x07\x1b]777;notify;" + field + ";" + body + "\x07"
}

// laneName is the directory name of l.
func (m *Model) laneName(l frame.Lane) string {
	if ln := m.com.Store.Lane(l); ln != nil && ln.Name != "" {
		return ln.Name
	}
	return l.String()
}

// scheduleExpiry arms one tick at the earliest picker deadline.
func (m *Model) scheduleExpiry() tea.Cmd {
	if m.pickers.expiring {
		return nil
	}
	var next time.Time
	for _, l := range m.com.Store.PendingLanes() {
		for _, p := range m.com.Store.Pickers(l) {
			if !p.Deadline.IsZero() && (next.IsZero() || p.Deadline.Before(next)) {
				next = p.Deadline
			}
		}
	}
	if next.IsZero() {
		return nil
	}
	m.pickers.expiring = true
	return m.tick(max(next.Sub(m.com.Now()), 0), pickerExpiryMsg{})
}

// handlePickerExpiry ends the pickers whose timeout passed.
func (m *Model) handlePickerExpiry() tea.Cmd {
	m.pickers.expiring = false
	chg := m.com.Store.Expire(m.com.Now())
	return tea.Batch(m.applyChange(chg, nil), m.scheduleExpiry())
}
