package store

import (
	"cmp"
	"slices"
	"time"

	"github.com/hermes/iris/frame"
)

// echoSkew is how far the gateway's clock may lag ours when a history page
// decides whether a "delivery unknown" message arrived (PROTOCOL-NOTES:
// identical text, sent after the attempt).
const echoSkew = 5 * time.Second

// Outgoing is one of the user's messages not yet confirmed by its echo.
type Outgoing struct {
	Lane        frame.Lane
	ClientMsgID string
	Text        string
	ReplyTo     string
	MediaRefs   []string
	Delivery    Delivery
	// Steer: the text is for the running turn (agent.steer); while the
	// lane is idle it goes out as a plain message.send instead.
	Steer bool
	// TS is when it was typed (or last re-queued).
	TS time.Time
}

// outgoing is an unechoed placeholder and its lane.
type outgoing struct {
	lane frame.Lane
	it   *Item
}

// AddOutgoing appends the user's message to lane l as a placeholder with
// Delivery Queued, and puts it in the outgoing queue. clientMsgID must be
// unique (it goes into message.send). It returns the placeholder's message,
// or nil for a lane deleted in this session or a repeated clientMsgID.
func (s *State) AddOutgoing(l frame.Lane, text, clientMsgID, replyTo string, mediaRefs []string) *Message {
	return s.addOutgoing(l, &Message{Text: text, ReplyTo: replyTo, ClientMsgID: clientMsgID, MediaRefs: slices.Clone(mediaRefs)})
}

// AddSteer is AddOutgoing for text meant for the lane's running turn: it
// is stored like any outgoing message until the gateway has it (see
// SteerDelivered and Unsteer), so a failed agent.steer loses nothing.
func (s *State) AddSteer(l frame.Lane, text, clientMsgID string) *Message {
	return s.addOutgoing(l, &Message{Text: text, ClientMsgID: clientMsgID, Steer: true})
}

func (s *State) addOutgoing(l frame.Lane, msg *Message) *Message {
	s.begin()
	defer s.end()
	ln := s.existingOrNew(l)
	if ln == nil || msg.ClientMsgID == "" || s.outbox[msg.ClientMsgID] != nil {
		return nil
	}
	msg.Role, msg.TS, msg.Delivery = frame.RoleUser, s.now(), DeliveryQueued
	clientMsgID := msg.ClientMsgID
	it := &Item{Kind: KindMessage, Msg: msg, TS: msg.TS}
	s.add(ln, ln.Len(), it)
	s.outbox[clientMsgID] = &outgoing{lane: ln.Key, it: it}
	s.chg.Outgoing = true
	return msg
}

// Outgoing returns the messages still waiting for their echo, oldest
// first: Queued ones are for the sender to send in this order; Sending,
// Unknown and Failed ones are shown with their state.
func (s *State) Outgoing() []Outgoing {
	var out []*outgoing
	for _, o := range s.outbox {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *outgoing) int { return cmp.Compare(a.it.id, b.it.id) })
	list := make([]Outgoing, 0, len(out))
	for _, o := range out {
		m := o.it.Msg
		list = append(list, Outgoing{Lane: o.lane, ClientMsgID: m.ClientMsgID, Text: m.Text,
			ReplyTo: m.ReplyTo, MediaRefs: m.MediaRefs, Delivery: m.Delivery, Steer: m.Steer, TS: m.TS})
	}
	return list
}

// SendFrame is o's message.send, addressed to its lane, with its
// client_msg_id. The TUI and `iris send` both send through it.
func (o Outgoing) SendFrame() frame.Frame {
	p := &frame.MessageSend{Text: o.Text, MediaRefs: o.MediaRefs, ClientMsgID: o.ClientMsgID}
	if o.ReplyTo != "" {
		p.ReplyTo = frame.Some(o.ReplyTo)
	}
	return frame.Frame{Type: frame.TypeMessageSend, ChatID: frame.Some(o.Lane.ChatID), ThreadID: frame.OrNull(o.Lane.ThreadID), Payload: p}
}

// SetDelivery sets the delivery state of the outgoing message clientMsgID
// (Sending when message.send goes out, Sent on its response, Unknown when
// the connection dropped first, Failed on an error, Queued to resend).
// Re-queueing a message stamps it with the current time, since the
// "delivery unknown" check compares against the attempt.
func (s *State) SetDelivery(clientMsgID string, d Delivery) Change {
	return s.SetDeliveryCause(clientMsgID, d, "")
}

// SetDeliveryCause is SetDelivery for a send that failed (or whose
// delivery is unknown), with why in a few words; the Unknown message keeps
// its cause when the history check finds it was not delivered.
func (s *State) SetDeliveryCause(clientMsgID string, d Delivery, cause string) Change {
	s.begin()
	if o := s.outbox[clientMsgID]; o != nil && (o.it.Msg.Delivery != d || o.it.Msg.Cause != cause) {
		ln := s.lanes[o.lane]
		o.it.Msg.Delivery, o.it.Msg.Cause = d, cause
		if d == DeliveryQueued || d == DeliverySending {
			o.it.Msg.TS = s.now()
		}
		if ln != nil {
			if d == DeliveryUnknown {
				ln.HistoryLoaded = false // the newest page settles it
			}
			s.touch(ln, o.it)
		}
		s.chg.Outgoing = true
	}
	return s.end()
}

// matchEcho finds the placeholder a user message from the gateway echoes:
// the one with its client_msg_id, or else the lane's oldest placeholder in
// flight (Sending, Sent, Unknown, Failed) with identical text, stamped no
// earlier than the attempt. A placeholder matched by id in another lane
// (auto-threading moved it) is dropped there and its delivery state
// carried into msg; nil is returned so the caller adds msg as new.
func (s *State) matchEcho(ln *Lane, msg *Message) *Item {
	if o := s.outbox[msg.ClientMsgID]; msg.ClientMsgID != "" && o != nil {
		delete(s.outbox, msg.ClientMsgID)
		s.chg.Outgoing = true
		if o.lane == ln.Key {
			return o.it
		}
		if msg.Delivery < o.it.Msg.Delivery && o.it.Msg.Delivery == DeliveryRead {
			msg.Delivery = DeliveryRead
		}
		if old := s.lanes[o.lane]; old != nil {
			s.drop(old, o.it)
		}
		return nil
	}
	for _, it := range ln.placeholders() {
		if !it.Msg.Steer && it.Msg.Text == msg.Text && it.Msg.Delivery != DeliveryQueued && !msg.TS.Before(it.Msg.TS.Add(-echoSkew)) {
			delete(s.outbox, it.Msg.ClientMsgID)
			s.chg.Outgoing = true
			return it
		}
	}
	return nil
}

// placeholders returns the lane's unechoed outgoing messages, oldest first.
func (l *Lane) placeholders() []*Item {
	var out []*Item
	for i := len(l.items) - 1; i >= 0; i-- {
		if it := l.items[i]; it.Msg != nil && it.Msg.ID == "" && it.Msg.ClientMsgID != "" {
			out = append(out, it)
		}
	}
	slices.Reverse(out)
	return out
}

// oldestUnechoed returns the oldest placeholder that was handed to the
// gateway (Sending or Sent), for a read receipt naming an id not held.
func (l *Lane) oldestUnechoed() *Item {
	for _, it := range l.placeholders() {
		if d := it.Msg.Delivery; !it.Msg.Steer && (d == DeliverySending || d == DeliverySent) {
			return it
		}
	}
	return nil
}

// settleUnknown resolves the lane's "delivery unknown" placeholders against
// its newest history page: one whose text a user message in the page
// carries, stamped after the attempt, was delivered and takes that message;
// the rest become Failed (shown unsent with their cause, one key to
// resend). A steer stays unknown: the history holds no steers, so it
// cannot say the gateway does not have one.
func (s *State) settleUnknown(ln *Lane, page []frame.Message) {
	for _, it := range ln.placeholders() {
		if it.Msg.Delivery != DeliveryUnknown {
			continue
		}
		for i := range page {
			m := &page[i]
			if m.Role != frame.RoleUser || m.Text != it.Msg.Text || ln.byMsg[m.MessageID] != nil ||
				time.UnixMilli(m.TS).Before(it.Msg.TS.Add(-echoSkew)) {
				continue
			}
			s.mergeFinal(ln, it, s.msgFromWire(m))
			break
		}
		if it.Msg.Delivery == DeliveryUnknown && !it.Msg.Steer {
			it.Msg.Delivery = DeliveryFailed
			if it.Msg.Cause == "" {
				it.Msg.Cause = "the gateway does not have it"
			}
			s.touch(ln, it)
			s.chg.Outgoing = true
		}
	}
}

// echoed takes a placeholder that got its gateway message id out of the
// outgoing queue.
func (s *State) echoed(it *Item) {
	if id := it.Msg.ClientMsgID; id != "" && it.Msg.ID != "" && s.outbox[id] != nil && s.outbox[id].it == it {
		delete(s.outbox, id)
		s.chg.Outgoing = true
	}
}

// EchoOf returns the gateway's message id for the user's message
// clientMsgID of lane l once its echo or read.receipt gave it one, ""
// before (or when the lane no longer holds it).
func (s *State) EchoOf(l frame.Lane, clientMsgID string) string {
	ln := s.lanes[l]
	if ln == nil || clientMsgID == "" || s.outbox[clientMsgID] != nil {
		return ""
	}
	for i := len(ln.items) - 1; i >= 0; i-- {
		if m := ln.items[i].Msg; m != nil && m.ClientMsgID == clientMsgID {
			return m.ID
		}
	}
	return ""
}

// SteerDelivered records that the gateway took steer clientMsgID into its
// running turn: the steer is sent (✓) and leaves the outgoing queue. No
// echo follows an agent.steer, so it keeps no client id to be matched by.
func (s *State) SteerDelivered(clientMsgID string) Change {
	s.begin()
	if o := s.outbox[clientMsgID]; o != nil && o.it.Msg.Steer {
		delete(s.outbox, clientMsgID)
		o.it.Msg.Delivery, o.it.Msg.ClientMsgID = DeliverySent, ""
		if ln := s.lanes[o.lane]; ln != nil {
			s.touch(ln, o.it)
		}
		s.chg.Outgoing = true
	}
	return s.end()
}

// Unsteer turns steer clientMsgID into a plain outgoing message, queued to
// go out as message.send: the gateway said no turn is running to steer.
func (s *State) Unsteer(clientMsgID string) Change {
	s.begin()
	if o := s.outbox[clientMsgID]; o != nil && o.it.Msg.Steer {
		o.it.Msg.Steer, o.it.Msg.Delivery, o.it.Msg.TS = false, DeliveryQueued, s.now()
		if ln := s.lanes[o.lane]; ln != nil {
			s.touch(ln, o.it)
		}
		s.chg.Outgoing = true
	}
	return s.end()
}
