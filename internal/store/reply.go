package store

import (
	"slices"

	"github.com/hermes/iris/frame"
)

// Reply correlation, the one the TUI, `iris send --wait` and `iris tail`
// share (PROTOCOL-NOTES, "Channels and lanes"): the reply to a user's
// message is the first assistant turn that starts in the lane after the
// message's echo or read.receipt. The spec's turn frames need not carry
// reply_to; when one does, it names the message and wins.
//
// Only frames the reducer applies (live or replayed) take part: a history
// page starts no turn. A turn start without reply_to answers every message
// of the lane still waiting for one (each waited for "the first turn after
// it"). The message's own ReplyTo stays what the gateway said, so the
// transcript quotes only what the gateway named.

// replyCap bounds the messages a lane remembers as waiting or answered.
const replyCap = 32

// replyLink is one user message and the assistant message answering it.
type replyLink struct {
	user, reply string
}

// ReplyOf returns the id of the assistant message answering the user's
// message id in lane l: once its turn started (see above), "" before.
func (s *State) ReplyOf(l frame.Lane, id string) string {
	ln := s.lanes[l]
	if ln == nil || id == "" {
		return ""
	}
	for _, r := range ln.replies {
		if r.user == id {
			return r.reply
		}
	}
	return ""
}

// Answers returns the id of the user's message that assistant message
// reply of lane l answers (the newest, when its turn answered several), or
// "".
func (s *State) Answers(l frame.Lane, reply string) string {
	ln := s.lanes[l]
	if ln == nil || reply == "" {
		return ""
	}
	for i := len(ln.replies) - 1; i >= 0; i-- {
		if ln.replies[i].reply == reply {
			return ln.replies[i].user
		}
	}
	return ""
}

// awaitReply notes that user message id was echoed or receipted in lane
// ln: the next assistant turn that starts there answers it, unless one
// already did.
func (ln *Lane) awaitReply(id string) {
	if id == "" || slices.Contains(ln.awaiting, id) || slices.ContainsFunc(ln.replies, func(r replyLink) bool { return r.user == id }) {
		return
	}
	if len(ln.awaiting) == replyCap {
		ln.awaiting = ln.awaiting[1:]
	}
	ln.awaiting = append(ln.awaiting, id)
}

// awaitIfUser is awaitReply for msg when it is a user's message (a steer
// belongs to the running turn).
func (s *State) awaitIfUser(ln *Lane, msg *Message) {
	if msg.Role == frame.RoleUser && !msg.Steer {
		ln.awaitReply(msg.ID)
	}
}

// turnStarted links a new assistant message msg of lane ln to the user
// message it answers: its reply_to when it has one, else every message
// waiting for a reply.
func (ln *Lane) turnStarted(msg *Message) {
	if msg.Role != frame.RoleAssistant || msg.ID == "" ||
		slices.ContainsFunc(ln.replies, func(r replyLink) bool { return r.reply == msg.ID }) {
		return
	}
	if msg.ReplyTo != "" {
		ln.link(msg.ReplyTo, msg.ID)
		ln.awaiting = slices.DeleteFunc(ln.awaiting, func(id string) bool { return id == msg.ReplyTo })
		return
	}
	for _, id := range ln.awaiting {
		ln.link(id, msg.ID)
	}
	ln.awaiting = nil
}

// link records reply as the answer to user message user.
func (ln *Lane) link(user, reply string) {
	if slices.ContainsFunc(ln.replies, func(r replyLink) bool { return r.user == user }) {
		return
	}
	if len(ln.replies) == replyCap {
		ln.replies = ln.replies[1:]
	}
	ln.replies = append(ln.replies, replyLink{user: user, reply: reply})
}
