package gatewaysim

import (
	"strings"

	"github.com/hermes/iris/frame"
)

// handleMessageSend stores the user message, echoes it (with the id to the
// sender, without to the other devices) and hands it to the agent. With
// auto_thread in a channel's flat lane it first mints a thread.
func (c *conn) handleMessageSend(f frame.Frame, e *entry) {
	p := f.Payload.(*frame.MessageSend)
	text := strings.TrimSpace(p.Text)
	if text == "" && len(p.MediaRefs) == 0 {
		c.sendError(f.ID, frame.CodeUnsupported, "message.send needs text or media_refs")
		return
	}
	s := c.s
	media, missing := s.attachmentsLocked(p.MediaRefs)
	if missing != "" {
		c.sendError(f.ID, frame.CodeNotFound, "unknown media_ref "+quote(missing))
		return
	}
	var rename func()
	if p.AutoThread != nil && *p.AutoThread && e.threadID == "" && text != "" && !strings.HasPrefix(text, "/") {
		e = s.autoThreadLocked(e.chatID, text)
		l, instant, better := e.lane(), e.name, betterTitle(text)
		rename = func() { s.renameAuto(l, instant, better) }
	}
	l := e.lane()
	msg := frame.Message{
		MessageID: s.nextID("m"), Role: frame.RoleUser, Text: p.Text, Media: media,
		ReplyTo: p.ReplyTo, TS: s.nowMS(), ClientMsgID: p.ClientMsgID,
	}
	if !s.rich() {
		msg.ClientMsgID = "" // the spec's message has no such field
	}
	s.store.add(l, msg)
	s.replyAllLocked(c, laneFrame(f.ID, frame.TypeMessage, l, &msg))
	s.startTurnLocked(c, l, msg, rename)
}
