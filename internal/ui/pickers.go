package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// pickerExpiryMsg fires at the earliest picker deadline.
type pickerExpiryMsg struct{}

// focusPicker gives picker id of lane l the keyboard (pickerCtl.focus),
// opening l first if another lane is focused.
func (m *Model) focusPicker(l frame.Lane, id string) tea.Cmd {
	var cmd tea.Cmd
	if l != m.lane {
		m.switchLane(l)
		cmd = m.openLaneCmd(l)
	}
	return tea.Batch(cmd, m.pick.focus(l, id))
}

// yieldPicker takes a picker's dialog down (it waits as a card) and hands
// the key or paste that did not answer it to the composer.
func (m *Model) yieldPicker(a common.ActionYieldPicker) tea.Cmd {
	cmds := []tea.Cmd{m.pick.yield(a.PickerID)}
	if m.scr.focus != focusComposer {
		cmds = append(cmds, m.scr.setFocus(focusComposer))
	}
	switch msg := a.Msg.(type) {
	case tea.KeyPressMsg:
		cmds = append(cmds, m.handleKey(msg))
	case tea.PasteMsg:
		cmds = append(cmds, m.handlePaste(msg))
	}
	return tea.Batch(cmds...)
}

// answerPicker answers the picker through the engine
// (session.Engine.AnswerPicker): until something settles it the transcript
// shows "answering…" in place of the answer's record; what came of the
// picker.select comes back as a session.Answered, which the engine settles,
// audits and words.
func (m *Model) answerPicker(a common.ActionSelectPicker) tea.Cmd {
	if _, ok := session.PendingPicker(m.st, a.Lane, a.PickerID); !ok {
		if m.pick.dismissNews(a.PickerID) {
			return tea.Batch(m.pick.sync(), common.ReportInfo("not sent: the gateway reported this question answered"))
		}
		return m.pick.sync()
	}
	if pickersOff(m.st) {
		return common.ReportError(errNoPickers)
	}
	return m.run(m.eng.AnswerPicker(session.Answer{Lane: a.Lane, PickerID: a.PickerID, Value: a.Value, Reason: a.Reason, Record: a.Record}))
}

// hidePicker takes the lane's pickers off screen (pickerCtl.hide).
func (m *Model) hidePicker(a common.ActionHidePicker) tea.Cmd {
	if cmd, dismissed := m.pick.hide(a); dismissed {
		return cmd
	}
	return common.ReportInfo("picker hidden · " + m.com.KeyMap.Global.Picker.Help().Key + " brings it back")
}

// showPendingPicker is the picker key: it brings back the focused lane's
// hidden picker; with none waiting there it opens the approval inbox.
func (m *Model) showPendingPicker() tea.Cmd {
	if ps := m.st.Pickers(m.lane); len(ps) > 0 {
		return m.focusPicker(m.lane, ps[0].PickerID)
	}
	return m.pick.openInbox()
}

// afterPickersChanged shows or takes down the picker, announces new ones
// when the terminal is unfocused and schedules the next expiry (the
// engine publishes the pending pickers and attributes those answered
// elsewhere: Engine.Changed).
func (m *Model) afterPickersChanged() tea.Cmd {
	return tea.Batch(m.pick.sync(), m.notes.announcePickers(), m.pick.scheduleExpiry())
}

// handlePickerExpiry ends the pickers whose timeout passed.
func (m *Model) handlePickerExpiry() tea.Cmd {
	m.pick.expiring = false
	chg := m.st.Expire(m.com.Now())
	return tea.Batch(m.applyChange(chg, nil), m.pick.scheduleExpiry())
}
