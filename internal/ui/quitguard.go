package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// quitKey is Ctrl+C outside dialogs, in this order: it clears a draft
// (not one typed before any channel was known, which is kept),
// stops the busy agent of the focused lane (once: while the stop is on its
// way it goes on to quitting), and quits. While an approval
// or question waits, a message is queued or an upload runs, the first
// Ctrl+C that would quit only says so ("press ctrl+c again to quit · 1
// approval waiting") and the next one quits; any other key in between
// disarms it (handleKey).
func (m *Model) quitKey() tea.Cmd {
	kept := m.lane.ChatID == "" && m.composer.Value() != ""
	if m.composer.Value() != "" && !kept {
		m.composer.Reset()
		m.scr.mark(needLayout)
		return m.syncDrawer()
	}
	if ln := m.st.Lane(m.lane); ln != nil && ln.Busy && m.gw != nil && !m.st.StopPending(m.lane) {
		return m.stopAgent()
	}
	m.held.Flush() // a message still held is queued, and counted below
	waiting := m.unfinished()
	if kept {
		// No channel yet (the gateway down or the token wrong): the text
		// cannot be sent, and clearing it would throw it away; it is
		// kept for the next start (SaveTyped).
		waiting = append(waiting, "your message is kept for the next start")
	}
	if len(waiting) > 0 && !m.quitArmed {
		m.quitArmed = true
		return common.ReportInfo("press " + m.com.KeyMap.Global.Quit.Help().Key + " again to quit · " + strings.Join(waiting, " · "))
	}
	return m.quit()
}

// unfinished names what quitting now would leave undone: pickers waiting
// for an answer, messages not yet handed to the gateway, running uploads.
func (m *Model) unfinished() []string {
	var out []string
	approvals, questions := 0, 0
	for _, p := range m.st.AllPickers() {
		if p.Type == frame.TypePickerApproval {
			approvals++
		} else {
			questions++
		}
	}
	if approvals > 0 {
		out = append(out, common.Count(approvals, "approval")+" waiting")
	}
	if questions > 0 {
		out = append(out, common.Count(questions, "question")+" waiting")
	}
	queued := 0
	for _, o := range m.st.Outgoing() {
		if o.Delivery == store.DeliveryQueued || o.Delivery == store.DeliverySending {
			queued++
		}
	}
	if queued > 0 {
		out = append(out, common.Count(queued, "message")+" queued")
	}
	uploads := 0
	for _, a := range m.composer.Attachments() {
		if a.State == common.AttachQueued || a.State == common.AttachUploading {
			uploads++
		}
	}
	if uploads > 0 {
		out = append(out, common.Count(uploads, "upload")+" running")
	}
	return out
}
