package ui

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// askDeleteSelected asks to confirm deleting the selected message, which
// must be the user's own and delivered; yes sends message.delete.
func (m *Model) askDeleteSelected() tea.Cmd {
	it := m.transcript.Selected()
	if it == nil {
		return noSelection(m.com.KeyMap)
	}
	switch {
	case it.Msg.Role != frame.RoleUser:
		return common.ReportError(errors.New("only your own messages can be deleted"))
	case it.Msg.ID == "" && (it.Msg.Delivery == store.DeliveryFailed || it.Msg.Delivery == store.DeliveryUnknown):
		return m.discardUnsent(it.Msg.ClientMsgID)
	case it.Msg.ID == "":
		return common.ReportError(errors.New("this message has not reached the gateway yet: nothing to delete there"))
	}
	first, _, _ := strings.Cut(strings.TrimSpace(it.Msg.Text), "\n")
	del := session.LaneFrame(frame.TypeMessageDelete, m.lane, &frame.MessageDelete{MessageIDs: []string{it.Msg.ID}})
	m.scr.openDialog(dialog.NewConfirm(m.com, "Delete this message on every device?", []string{"“" + first + "”"},
		common.ActionSendFrame{Frame: del, Close: true}))
	return nil
}

// discardUnsent drops an unsent message (failed, or of unknown delivery)
// the user chose not to send; nothing goes to the gateway.
func (m *Model) discardUnsent(clientMsgID string) tea.Cmd {
	chg, ok := m.st.DiscardOutgoing(clientMsgID)
	if !ok {
		return common.ReportError(errors.New("this message is on its way: it cannot be discarded now"))
	}
	return tea.Batch(common.ReportInfo("unsent message discarded"), m.applyChange(chg, nil))
}
