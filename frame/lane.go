package frame

import "bytes"

// The spec's envelope rule, "chat_id / thread_id: top-level for
// convenience; may also be in payload", holds for every chat-scoped frame
// (PROTOCOL-NOTES, Channels and lanes). Frame.Lane is the one place that
// applies it: every consumer (wsclient, store, ui, headless) asks it.

// laneFields is a frame's chat_id and thread_id as sent.
type laneFields struct{ chat, thread OptString }

// laneCarrier is a payload type with chat_id and thread_id fields of its
// own (Decode fills them; code that builds a frame may set them).
type laneCarrier interface{ payloadLane() laneFields }

func (m *Message) payloadLane() laneFields     { return laneFields{m.ChatID, m.ThreadID} }
func (r *ReadReceipt) payloadLane() laneFields { return laneFields{r.ChatID, r.ThreadID} }
func (s *Search) payloadLane() laneFields      { return laneFields{s.ChatID, s.ThreadID} }

// payloadLane of a channel.* frame is none: its chat_id names the
// directory entry (Channel.Lane), not a lane the frame is addressed to.
func (c *Channel) payloadLane() laneFields { return laneFields{} }

// Lane returns the frame's lane. Each field is taken from the envelope
// when it is there (top level wins) and else from the payload; the
// payload's thread_id is taken only along with its own chat_id or none, so
// it never joins another channel's id. A frame whose chat_id is nowhere
// has no lane (the zero Lane), whatever its thread_id.
func (f Frame) Lane() Lane {
	in := f.inPayload
	if lc, ok := f.Payload.(laneCarrier); ok {
		in = lc.payloadLane()
	}
	chat, thread := f.ChatID, f.ThreadID
	if !chat.Valid {
		chat = in.chat
	}
	if !thread.Present && (!in.chat.Valid || in.chat.Val == chat.Val) {
		thread = in.thread
	}
	if !chat.Valid || chat.Val == "" {
		return Lane{}
	}
	return Lane{ChatID: chat.Val, ThreadID: thread.Val}
}

// laneScoped lists the frame types that belong to one lane and mean
// nothing without it. notification and error may name a lane but need
// none (a gateway-wide banner); history gets its lane from the request.
var laneScoped = map[string]bool{
	TypeMessage: true, TypeMessageStart: true, TypeMessageUpdate: true, TypeMessageStop: true,
	TypeMessageDeleted: true, TypeCommentary: true,
	TypeToolStart: true, TypeToolProgress: true, TypeToolEnd: true,
	TypeTyping: true, TypeTypingStop: true, TypeAgentBusy: true, TypeAgentIdle: true,
	TypePickerModel: true, TypePickerChoice: true, TypePickerClarify: true,
	TypePickerApproval: true, TypePickerConfirm: true, TypePickerAnswered: true,
	TypeMediaOffer: true, TypeReadReceipt: true,
}

// NeedsLane reports whether frames of type t belong to one lane.
func NeedsLane(t string) bool { return laneScoped[t] }

// Unrouted reports whether f belongs to a lane but names none, neither at
// the top level nor in its payload. Such a frame goes nowhere: it is never
// guessed into the default or the focused lane.
func (f Frame) Unrouted() bool { return NeedsLane(f.Type) && f.Lane().ChatID == "" }

// scanLane reads chat_id and thread_id among the top-level members of the
// JSON object payload; anything unreadable reads as absent (the payload's
// own decoding reports it).
func scanLane(payload []byte) laneFields {
	h, _ := scanPayload(payload)
	return h.lane
}

// payloadHead is what scanPayload reads of a payload.
type payloadHead struct {
	lane laneFields
	// messageID is the message_id member when it is a string.
	messageID string
	// exactID is false when a message_id that is not a readable string,
	// or a key equal to message_id but for case, leaves the id to
	// encoding/json's rules (Decode).
	exactID bool
}

// scanPayload reads chat_id, thread_id and message_id among the top-level
// members of the JSON object payload, in one pass that skips every other
// value unread; the error is the object's syntax error.
func scanPayload(payload []byte) (payloadHead, error) {
	h := payloadHead{exactID: true}
	err := eachMember(payload, func(key, val []byte) error {
		switch string(key) {
		case "chat_id":
			h.lane.chat, _, _ = parseOpt(val, "payload.chat_id")
		case "thread_id":
			h.lane.thread, _, _ = parseOpt(val, "payload.thread_id")
		case "message_id":
			h.messageID = ""
			err := errSyntax
			if val[0] == '"' {
				h.messageID, err = parseString(val)
			}
			h.exactID = h.exactID && err == nil
		default:
			h.exactID = h.exactID && !bytes.EqualFold(key, messageIDKey)
		}
		return nil
	})
	return h, err
}

var messageIDKey = []byte("message_id")
