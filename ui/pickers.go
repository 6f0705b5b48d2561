package ui

import (
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
)

// pickerState is the root's view of the pending pickers beyond the screen
// (the pickers themselves live in the store; those on screen are the
// picker controller's, pickerctl.go, their notifications the notifier's,
// notify.go): their expiry, and what was published.
type pickerState struct {
	expiring  bool          // an expiry tick is scheduled
	published pickerPublish // pickers shared with the headless commands (pickerpublish.go)
}

// Messages of the picker flow.
type (
	// pickerAnsweredMsg is what came of a picker.select
	// (wsclient.Client.Post).
	pickerAnsweredMsg struct {
		pickerID  string
		confirmed bool
		err       error
	}
	// pickerExpiryMsg fires at the earliest picker deadline.
	pickerExpiryMsg struct{}
)

// syncPicker puts the focused lane's picker on screen and takes down one
// that ended (pickerCtl.sync).
func (m *Model) syncPicker() tea.Cmd { return m.pick.sync(m.pickerFacts()) }

// pickerFacts is what the picker controller is told of the moment.
func (m *Model) pickerFacts() pickerFacts {
	return pickerFacts{lane: m.lane, draft: m.composer.Value() != ""}
}

// focusPicker gives picker id of lane l the keyboard (pickerCtl.focus),
// opening l first if another lane is focused.
func (m *Model) focusPicker(l frame.Lane, id string) tea.Cmd {
	var cmd tea.Cmd
	if l != m.lane {
		m.switchLane(l)
		cmd = m.openLaneCmd(l)
	}
	return tea.Batch(cmd, m.pick.focus(l, id, m.pickerFacts()))
}

// yieldPicker takes a picker's dialog down (it waits as a card) and hands
// the key or paste that did not answer it to the composer.
func (m *Model) yieldPicker(a common.ActionYieldPicker) tea.Cmd {
	cmds := []tea.Cmd{m.pick.yield(a.PickerID, m.pickerFacts())}
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

// answerPicker sends picker.select. Until something settles it the
// transcript shows "answering…" in place of the answer's record: the record
// must say what is known of it (store.SettleAnswer: the spec gives the
// request no response, so the agent going on in the lane accepts it too).
func (m *Model) answerPicker(a common.ActionSelectPicker) tea.Cmd {
	if _, ok := m.pendingPicker(a.Lane, a.PickerID); !ok {
		if m.pick.dismissNews(a.PickerID) {
			return tea.Batch(m.syncPicker(), common.ReportInfo("not sent: the gateway reported this question answered"))
		}
		return m.syncPicker()
	}
	if pickersOff(m.st) {
		return common.ReportError(errNoPickers)
	}
	cmd := m.applyChange(m.st.AnswerPicker(a.Lane, a.PickerID, a.Value, a.Record), nil)
	id := a.PickerID
	if m.gw == nil {
		ans := pickerAnsweredMsg{pickerID: id, err: errors.New("not connected")}
		return tea.Batch(cmd, func() tea.Msg { return ans })
	}
	f := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: a.PickerID, Value: a.Value, Reason: a.Reason, By: m.answerBy()}}
	return tea.Batch(cmd, postCmd(m.gw, m.opts.RequestTimeout, f, func(confirmed bool, err error) tea.Msg {
		return pickerAnsweredMsg{pickerID: id, confirmed: confirmed, err: err}
	}))
}

// pendingPicker finds a pending picker of lane l by id.
func (m *Model) pendingPicker(l frame.Lane, id string) (store.Picker, bool) {
	for _, p := range m.st.Pickers(l) {
		if p.PickerID == id {
			return p, true
		}
	}
	return store.Picker{}, false
}

// handlePickerAnswered settles an answer by what came of its picker.select
// and tells the user what is not plain from the record: refused or not
// sent (the question waits again), sent and not confirmed (it stays
// answerable until the agent goes on), not used. applyChange writes each
// outcome to the audit log.
func (m *Model) handlePickerAnswered(msg pickerAnsweredMsg) tea.Cmd {
	chg := m.st.SettleAnswer(msg.pickerID, msg.confirmed, msg.err)
	var report tea.Cmd
	for _, a := range chg.Answers {
		switch a.Result {
		case audit.Expired:
			report = common.ReportInfo("the question had expired: your answer was not used")
		case audit.RejectedElsewhere:
			if a.Reason != "" {
				report = common.ReportInfo(termsafe.Line(a.Reason))
			} else {
				report = common.ReportInfo("answered on another device: your answer was not used")
			}
		case audit.NotConfirmed:
			report = common.ReportInfo("answer sent, not confirmed yet: the question stays open until the agent goes on")
		case audit.Refused:
			report = common.ReportError(errors.New("answer refused (" + termsafe.Line(a.Reason) + "): the question is waiting again"))
		case audit.Failed:
			report = common.ReportError(errors.New("answer not delivered (" + termsafe.Line(a.Reason) + "): the question is waiting again"))
		}
	}
	return tea.Batch(m.applyChange(chg, nil), report)
}

// hidePicker takes the lane's pickers off screen (pickerCtl.hide).
func (m *Model) hidePicker(a common.ActionHidePicker) tea.Cmd {
	if cmd, dismissed := m.pick.hide(a, m.pickerFacts()); dismissed {
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
	return m.openInbox()
}

// afterPickersChanged shows or takes down the picker, announces new ones
// when the terminal is unfocused, schedules the next expiry, publishes the
// pending pickers and looks up who answered those answered elsewhere.
func (m *Model) afterPickersChanged() tea.Cmd {
	return tea.Batch(m.syncPicker(), m.notes.announcePickers(), m.scheduleExpiry(), m.publishPickers(), m.attributeFromAudit())
}

// scheduleExpiry arms one tick at the earliest picker deadline.
func (m *Model) scheduleExpiry() tea.Cmd {
	if m.pickers.expiring {
		return nil
	}
	var next time.Time
	for _, p := range m.st.AllPickers() {
		next = earliest(next, p.Deadline)
	}
	return m.scr.tickAt(&m.pickers.expiring, next, pickerExpiryMsg{})
}

// handlePickerExpiry ends the pickers whose timeout passed.
func (m *Model) handlePickerExpiry() tea.Cmd {
	m.pickers.expiring = false
	chg := m.st.Expire(m.com.Now())
	return tea.Batch(m.applyChange(chg, nil), m.scheduleExpiry())
}
