package store

import (
	"slices"
	"time"

	"github.com/hermes/iris/frame"
)

// isUserMsg reports whether it is a message with role user.
// A steer is not: it belongs to the turn it was sent into.
func isUserMsg(it *Item) bool { return it.Msg != nil && it.Msg.Role == frame.RoleUser && !it.Msg.Steer }

// msgFromWire builds a Message from a final message frame.
func (s *State) msgFromWire(m *frame.Message) *Message {
	out := &Message{
		ID: m.MessageID, Role: m.Role, Text: m.Text, Reasoning: capReasoning(m.Reasoning),
		Media: slices.Clone(m.Media), ReplyTo: m.ReplyTo.Val, Model: m.Model,
		Tokens: m.Tokens, Runtime: m.Runtime, TS: s.fromMillis(m.TS),
		ClientMsgID: m.ClientMsgID,
	}
	if out.Role == "" {
		out.Role = frame.RoleAssistant
	}
	if out.Role == frame.RoleUser {
		out.Delivery = DeliverySent
	}
	s.capText(out, m.Text)
	return out
}

// applyMessage applies a final message: it finishes a streaming item of the
// same id, replaces a matching outgoing placeholder, or adds a new item
// (live ones at the end, replayed ones by timestamp). A replayed message
// already held is a no-op. One that memory dropped but the database holds
// is paged back in first (recall), so the outcome does not depend on
// whether eviction got to it.
func (s *State) applyMessage(l frame.Lane, m *frame.Message, replayed bool) {
	ln := s.existingOrNew(l)
	if ln == nil || m.MessageID == "" || s.isGone(l, m.MessageID) {
		return
	}
	msg := s.msgFromWire(m)
	it, stored := s.recall(ln, m.MessageID)
	if stored {
		ln.anchor, ln.storedTurn = nil, replayed
		return
	}
	if it != nil {
		if replayed && !it.Msg.Streaming && it.Msg.Cut == CutNone {
			ln.anchor, ln.storedTurn = it, false
			return
		}
		if it.Msg.Streaming || it.Msg.Cut != CutNone {
			s.finishedNow(ln, msg.ID)
		}
		s.mergeFinal(ln, it, msg)
		s.awaitIfUser(ln, msg)
		return
	}
	if it := s.absorb(ln, msg); it != nil {
		ln.anchor, ln.storedTurn = it, false
		s.finishedNow(ln, msg.ID)
		s.awaitIfUser(ln, msg)
		return
	}
	s.finishedNow(ln, msg.ID)
	s.awaitIfUser(ln, msg)
	ln.turnStarted(msg)
	it = &Item{Kind: KindMessage, Msg: msg, TS: msg.TS}
	pos := ln.Len()
	if replayed {
		pos = s.placeByTS(ln, msg.TS)
	}
	s.add(ln, pos, it)
	if replayed {
		ln.anchor, ln.storedTurn = it, false
	}
	s.arrived(ln, msg)
	s.dropOffers(ln, msg)
}

// absorb merges a final user message that neither the lane's memory nor
// its database holds by id into the outgoing placeholder it echoes, and
// returns that item (nil when it echoes none).
func (s *State) absorb(ln *Lane, msg *Message) *Item {
	if msg.Role != frame.RoleUser {
		return nil
	}
	it := s.matchEcho(ln, msg)
	if it != nil {
		s.mergeFinal(ln, it, msg)
	}
	return it
}

// mergeFinal overwrites item it's message with the final msg, keeping the
// local delivery state when it is further along and the local client id.
func (s *State) mergeFinal(ln *Lane, it *Item, msg *Message) {
	old := it.Msg
	if old.Delivery > msg.Delivery && old.Delivery != DeliveryFailed && old.Delivery != DeliveryUnknown {
		msg.Delivery = old.Delivery
	}
	if msg.ClientMsgID == "" {
		msg.ClientMsgID = old.ClientMsgID
	}
	if msg.MediaRefs == nil {
		msg.MediaRefs = old.MediaRefs
	}
	it.Msg = msg
	it.TS = msg.TS
	ln.index(it)
	s.echoed(it)
	s.finished(ln, msg)
	s.touch(ln, it)
	if old.Delivery != msg.Delivery && old.ClientMsgID != "" {
		s.chg.Outgoing = true
	}
	s.dropOffers(ln, msg)
	ln.refreshPaging()
}

// arrived counts a new message from others as unread unless its lane is
// focused, and records a final assistant message's model.
func (s *State) arrived(ln *Lane, msg *Message) {
	s.finished(ln, msg)
	if msg.Role != frame.RoleUser && ln.Key != s.focus {
		ln.Unread++
		s.laneChanged(ln)
		s.chg.Directory = true
	}
}

// finished records the model and runtime of a final assistant message
// when it is the lane's newest one (an older history page changes nothing).
func (s *State) finished(ln *Lane, msg *Message) {
	if msg.Streaming || msg.Role != frame.RoleAssistant || ln.lastAnswer() != msg {
		return
	}
	if msg.Model != "" {
		ln.Model = msg.Model
	}
	if msg.Runtime != nil {
		ln.Runtime = msg.Runtime
		if msg.Runtime.Model != "" {
			ln.Model = msg.Runtime.Model
		}
	}
}

// finishedNow lists message id of lane ln in the change as finished.
func (s *State) finishedNow(ln *Lane, id string) {
	s.chg.Finished = append(s.chg.Finished, MessageRef{Lane: ln.Key, ID: id})
}

// lastAnswer returns the lane's newest final assistant message, or nil.
func (l *Lane) lastAnswer() *Message {
	for i := len(l.items) - 1; i >= 0; i-- {
		if m := l.items[i].Msg; m != nil && m.Role == frame.RoleAssistant && !m.Streaming {
			return m
		}
	}
	return nil
}

// posByTS returns where a message stamped ts belongs: just before the
// first of the newer messages that follow every message not newer than it.
// Items without a gateway timestamp (tool cards, notices) keep their place.
// found is false when every held message is newer.
func (l *Lane) posByTS(ts time.Time) (pos int, found bool) {
	t := ts.UnixMilli()
	pos = len(l.items)
	for i := len(l.items) - 1; i >= 0; i-- {
		if it := l.items[i]; it.Kind == KindMessage {
			if it.TS.UnixMilli() <= t {
				return pos, true
			}
			pos = i
		}
	}
	return pos, false
}

// placeByTS is posByTS for a persistent State: while every held message
// is newer and the database holds older items, it pages those in first, so
// the message lands among its stored neighbours rather than before them.
func (s *State) placeByTS(ln *Lane, ts time.Time) int {
	pos, found := ln.posByTS(ts)
	for !found && ln.localMore && s.pageIn(ln) {
		pos, found = ln.posByTS(ts)
	}
	return pos
}

// applyStart opens a streaming bubble at the end (a second start for a
// known id is a no-op).
func (s *State) applyStart(l frame.Lane, m *frame.MessageStart) {
	s.startAt(l, m, func(ln *Lane) int { return ln.Len() })
}

// startAt opens a streaming bubble at the position where gives.
func (s *State) startAt(l frame.Lane, m *frame.MessageStart, where func(*Lane) int) {
	ln := s.existingOrNew(l)
	if ln == nil || m.MessageID == "" || s.isGone(l, m.MessageID) || ln.byMsg[m.MessageID] != nil || s.knownElsewhere(ln, m.MessageID) {
		return
	}
	role := m.Role
	if role == "" {
		role = frame.RoleAssistant
	}
	msg := &Message{ID: m.MessageID, Role: role, ReplyTo: m.ReplyTo.Val, TS: s.fromMillis(m.TS), Streaming: true}
	ln.turnStarted(msg)
	s.add(ln, where(ln), &Item{Kind: KindMessage, Msg: msg, TS: msg.TS})
	s.arrived(ln, msg)
}

// applyUpdate replaces a streaming bubble's text (never appends). An update
// for an unknown id opens the bubble; one for a finished message is
// ignored, since message.stop is authoritative.
func (s *State) applyUpdate(l frame.Lane, m *frame.MessageUpdate) {
	ln := s.existingOrNew(l)
	if ln == nil || m.MessageID == "" {
		return
	}
	it := ln.byMsg[m.MessageID]
	if it == nil {
		s.applyStart(l, &frame.MessageStart{MessageID: m.MessageID})
		if it = ln.byMsg[m.MessageID]; it == nil {
			return
		}
	}
	if !it.Msg.Streaming || (it.Msg.Text == m.Text && (m.Reasoning == "" || it.Msg.Reasoning == m.Reasoning)) {
		return
	}
	s.capText(it.Msg, m.Text)
	if m.Reasoning != "" {
		it.Msg.Reasoning = capReasoning(m.Reasoning)
	}
	s.touch(ln, it)
}

// applyStop finishes a streaming bubble with the authoritative final text.
// A stop for an unknown id adds the finished message; a replayed stop for a
// finished one is a no-op, unless the bubble was only cut short (agent.idle
// replayed before its stop, or a reconnect marked it interrupted).
func (s *State) applyStop(l frame.Lane, m *frame.MessageStop, replayed bool) {
	ln := s.existingOrNew(l)
	if ln == nil || m.MessageID == "" {
		return
	}
	it, stored := s.recall(ln, m.MessageID)
	if stored {
		return
	}
	if it == nil {
		// A replayed answer goes by its time, ahead of messages typed
		// since (still queued here); a live one at the end.
		s.startAt(l, &frame.MessageStart{MessageID: m.MessageID, TS: m.TS}, func(ln *Lane) int {
			if replayed && m.TS != 0 {
				return s.placeByTS(ln, time.UnixMilli(m.TS))
			}
			return ln.Len()
		})
		if it = ln.byMsg[m.MessageID]; it == nil {
			return
		}
	} else if replayed && !it.Msg.Streaming && it.Msg.Cut == CutNone {
		return // already finished by a stop; one cut short still takes its final text
	}
	msg := it.Msg
	if msg.Streaming || msg.Cut != CutNone {
		s.finishedNow(ln, msg.ID)
	}
	msg.Streaming, msg.Cut = false, CutNone
	msg.Stopped = msg.Stopped || m.Interrupted != nil && *m.Interrupted // stopped on any device (extension turn_interrupted)
	s.capText(msg, m.FinalText)
	if m.Reasoning != "" {
		msg.Reasoning = capReasoning(m.Reasoning)
	}
	if m.Media != nil {
		msg.Media = slices.Clone(m.Media)
	}
	if m.Model != "" {
		msg.Model = m.Model
	}
	if m.Tokens != nil {
		msg.Tokens = m.Tokens
	}
	if m.Runtime != nil {
		msg.Runtime = m.Runtime
	}
	if m.TS != 0 {
		msg.TS = s.fromMillis(m.TS)
	}
	s.finished(ln, msg)
	s.touch(ln, it)
	if !replayed {
		s.markStopped(ln, it)
	}
	s.dropOffers(ln, msg)
	s.turnMovedOn(ln)
}

// msgRef names a deleted message: its lane and id.
type msgRef struct {
	lane frame.Lane
	id   string
}

// isGone reports whether message id of lane l was deleted this session.
func (s *State) isGone(l frame.Lane, id string) bool { return s.gone[msgRef{l, id}] }

// deleteMessages removes messages by id from lane l. Messages are per
// lane: the same id in another lane is another message and stays. Ids not
// held are a no-op in memory; a persistent State deletes their rows too.
func (s *State) deleteMessages(l frame.Lane, ids []string) {
	ln := s.lanes[l]
	for _, id := range ids {
		if id == "" {
			continue
		}
		s.gone[msgRef{l, id}] = true
		if ln != nil {
			if it := ln.byMsg[id]; it != nil {
				s.drop(ln, it)
			}
		}
		s.forgetMessage(l, id)
	}
}

// applyReceipt applies an incoming read.receipt in its lane (message ids
// are per lane), to a message memory dropped as to one held (recall).
// For the user's own message it means the agent picked it up (✓✓); a
// receipt for an id not held (nor stored, nor deleted) goes to
// the lane's oldest placeholder handed to the gateway and still waiting
// for its echo, which takes the id. For a message from others it is
// another device's read state: only what came after that message stays
// unread.
func (s *State) applyReceipt(l frame.Lane, id string) {
	ln := s.lanes[l]
	if id == "" || ln == nil || s.isGone(l, id) {
		return
	}
	it, stored := s.recall(ln, id)
	if it == nil && !stored {
		if it = ln.oldestUnechoed(); it != nil {
			it.Msg.ID = id
			ln.index(it)
			s.echoed(it)
			ln.refreshPaging()
		}
	}
	switch {
	case it == nil:
		if ln := s.lanes[l]; ln != nil {
			ln.awaitReply(id) // a receipt without its echo still marks the turn to come
		}
	case it.Msg.Role != frame.RoleUser:
		s.readUpTo(ln, it)
	default:
		s.awaitIfUser(ln, it.Msg)
		if it.Msg.Delivery != DeliveryRead {
			it.Msg.Delivery = DeliveryRead
			s.touch(ln, it)
			s.chg.Outgoing = true
		}
	}
}

// readUpTo lowers the lane's unread count to the messages from others
// after item it.
func (s *State) readUpTo(ln *Lane, it *Item) {
	after := 0
	for _, o := range ln.items[it.pos+1:] {
		if o.Msg != nil && o.Msg.Role != frame.RoleUser {
			after++
		}
	}
	if after < ln.Unread {
		ln.Unread = after
		s.laneChanged(ln)
		s.chg.Directory = true
	}
}
