package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/drawer"
	"github.com/hermes/iris/internal/ui/mediactl"
)

// handleAction carries out what a child asked for.
func (m *Model) handleAction(a common.Action) tea.Cmd {
	switch a := a.(type) {
	case nil:
		return nil
	case common.ActionClose:
		m.closeDialog()
	case common.ActionQuit:
		m.held.Flush()
		return tea.Quit
	case common.ActionPasteTooLarge:
		m.offerPasteAsFile(a.Text)
	case common.ActionAttachText:
		m.closeDialog()
		return mediactl.AttachText(a.Text)
	case common.ActionOpenLane:
		m.closeDialog()
		if a.Lane.ChatID == "" {
			return nil
		}
		m.pick.reveal(a.Lane) // the sidebar's picker mark brings it back
		m.switchLane(a.Lane)
		return tea.Batch(m.openLaneCmd(a.Lane), m.scr.setFocus(focusComposer), m.pick.sync())
	case common.ActionSend:
		a.Text = trimCommand(a.Text)
		m.pick.noteSent()
		if cmd, ok := m.attachSlash(a.Text); ok {
			return cmd
		}
		if name, args, ok := drawer.Resolve(a.Text, m.st.Catalog()); ok {
			return m.runClient(name, args)
		}
		if len(m.composer.Attachments()) > 0 {
			// The text waits in the composer for the uploads: on disk
			// first, as a draft, so a crash right after Enter keeps it.
			m.SaveDraft()
			m.st.Durable()()
			return m.updateMedia(mediactl.Send{Text: a.Text})
		}
		cmd := m.send(a.Text)
		m.scr.mark(needLayout)
		return cmd
	case common.ActionListDir:
		if path, ok := m.media.CompletionDir(a.Dir); ok {
			return drawer.ListDir(a.Dir, path)
		}
	case common.ActionAttach:
		m.dialogs.Pop()
		m.scr.mark(needRedraw)
		return m.updateMedia(mediactl.Attach{Path: a.Path})
	case common.ActionLoadOlder:
		return m.loadOlder(a.Lane)
	case common.ActionSelectPicker:
		return m.answerPicker(a)
	case common.ActionHidePicker:
		return m.hidePicker(a)
	case common.ActionOpenPicker:
		return m.openPicker(a)
	case common.ActionYieldPicker:
		return m.yieldPicker(a)
	case common.ActionSendFrame:
		if a.Close {
			m.closeDialog()
		}
		if m.gw != nil && a.Frame.Type == frame.TypeChannelCreate {
			return workCmd(m.eng.CreateChannel(a.Frame))
		}
		if m.gw != nil && a.Frame.Type == frame.TypeMessageDelete {
			return workCmd(m.eng.Delete(a.Frame))
		}
		if m.gw != nil {
			return workCmd(m.eng.Fire(a.Frame.Type, a.Frame))
		}
	case common.ActionSearch:
		return m.find.request(m.st, a)
	case common.ActionJump:
		return m.jump(a)
	case common.ActionComplete:
		cmd := m.complete(a.Text)
		if !a.Send {
			return cmd
		}
		act := m.composer.Submit()
		m.scr.mark(needLayout)
		return tea.Batch(cmd, m.syncDrawer(), m.handleAction(act))
	case common.ActionCompleteCommands:
		return m.cat.complete(a.Prefix, m.link.online())
	case common.ActionSettings:
		return m.applySettings(a)
	case common.ActionBatch:
		cmds := make([]tea.Cmd, len(a))
		for i, x := range a {
			cmds[i] = m.handleAction(x)
		}
		return tea.Batch(cmds...)
	case common.ActionMediaStatus, common.ActionMediaPreview, common.ActionRevealMedia, common.ActionStepMedia,
		common.ActionStepAttachment, common.ActionAddAttachment, common.ActionSetAttachment,
		common.ActionRemoveAttachment, common.ActionSendUploaded, common.ActionOpenFilePicker,
		common.ActionAskOpen, common.ActionOpenOverflow:
		return m.handleMediaAction(a)
	}
	return nil
}

// closeDialog closes the topmost dialog and forgets it.
func (m *Model) closeDialog() {
	m.dialogs.Pop()
	m.find.closed()
	m.pick.closed()
	m.scr.mark(needRedraw)
}

// switchLane focuses lane l: the draft of the lane left is kept, l is
// marked read and shown at its bottom.
func (m *Model) switchLane(l frame.Lane) {
	draft := m.st.Draft(l)
	if m.lane.ChatID != "" {
		m.st.SetDraft(m.lane, m.composer.Value())
	} else {
		// Typed before any channel was known: it comes along.
		if typed := m.composer.Value(); typed != "" {
			draft = strings.TrimSuffix(typed+"\n"+draft, "\n")
		}
		m.st.SetDraft(m.lane, "")
	}
	m.lane = l
	m.scr.laneOpened(l)
	chg := m.st.Focus(l)
	m.transcript.SetLane(l)
	m.sidebar.SetCurrent(l)
	m.status.SetLane(l)
	m.composer.SetValue(draft)
	m.drawer.SetText(m.composer.Value())
	if m.autoThread && l.ThreadID != "" {
		m.autoThread = false
		m.composer.SetAutoThread(false)
	}
	m.sidebar.ApplyChange(chg)
	m.syncComposer()
	m.scr.mark(needLayout)
	m.scr.mark(needRedraw) // the transcript on screen is another lane's
}

// syncComposer tells the composer whether the focused lane is busy and how
// many of its messages wait for the next turn.
func (m *Model) syncComposer() {
	ln := m.st.Lane(m.lane)
	if ln == nil {
		m.composer.SetBusy(false, 0)
		return
	}
	queued := 0
	for _, o := range m.st.Outgoing() {
		if o.Lane == m.lane && o.Delivery == store.DeliveryQueued {
			queued++
		}
	}
	before := m.composer.Height()
	m.composer.SetBusy(ln.Busy, queued)
	if m.composer.Height() != before {
		m.scr.mark(needLayout)
	}
}
