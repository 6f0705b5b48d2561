package store

import (
	"time"

	"github.com/hermes/iris/frame"
)

// ItemKind says what a transcript Item holds.
type ItemKind int

const (
	// KindMessage is a chat message (Item.Msg).
	KindMessage ItemKind = iota
	// KindTool is a tool-call card (Item.Tool).
	KindTool
	// KindCommentary is an intermediate assistant beat (Item.Text).
	KindCommentary
	// KindNotice is a client-made notice such as "Gateway restarting"
	// (Item.Text). Notices are never persisted.
	KindNotice
	// KindPickerRecord records how a picker ended (Item.Text, Item.Outcome).
	KindPickerRecord
)

// String names the kind (for logs and test failures).
func (k ItemKind) String() string {
	switch k {
	case KindMessage:
		return "message"
	case KindTool:
		return "tool"
	case KindCommentary:
		return "commentary"
	case KindNotice:
		return "notice"
	case KindPickerRecord:
		return "picker-record"
	}
	return "unknown"
}

// Item is one entry of a lane's transcript. Exactly the field its Kind names
// is set (Msg, Tool, or Text). Version changes on every mutation of the item,
// and versions are unique across the State, so (item, width, theme, version)
// is a safe render-cache key.
type Item struct {
	Kind    ItemKind
	Version uint64
	Msg     *Message
	Tool    *ToolCall
	// Text is the commentary, notice or picker-record text.
	Text string
	// MessageID is the commentary's message_id, when the gateway sent one.
	MessageID string
	// Outcome tells how a KindPickerRecord's picker ended.
	Outcome PickerOutcome
	// Answer is the record of a picker answered on another device: which
	// picker, and once known, the answer and who gave it
	// (pickeranswered.go). nil for other records.
	Answer *PickerAnswer
	// TS is when the item happened: the gateway's ts for messages that carry
	// one, otherwise the local arrival time.
	TS time.Time

	key string  // dedupe key of non-message items (commentary, media offers)
	id  int64   // stable row id (persistence)
	seq float64 // sort key within the lane (persistence and paging)
	pos int     // index in the lane's items
	// batch is the writer's number of the last batch that holds the item's
	// row (0: none since it was read); see evictable.
	batch int64
}

// Message is a chat message: final, streaming, or an outgoing placeholder.
// The JSON tags are the stored form (a persistent State's item bodies).
type Message struct {
	// ID is the gateway's message_id; "" for an outgoing placeholder not yet
	// echoed.
	ID        string `json:"id,omitempty"`
	Role      string `json:"role,omitempty"`
	Text      string `json:"text,omitempty"`
	Reasoning string `json:"reasoning,omitempty"`
	// Streaming is true between message.start and message.stop.
	Streaming bool           `json:"streaming,omitempty"`
	Media     []frame.Media  `json:"media,omitempty"`
	ReplyTo   string         `json:"reply_to,omitempty"`
	Model     string         `json:"model,omitempty"`
	Tokens    *int           `json:"tokens,omitempty"`
	Runtime   *frame.Runtime `json:"runtime,omitempty"`
	TS        time.Time      `json:"ts"`
	// Delivery is the state of the user's own messages; DeliveryNone for
	// messages from others.
	Delivery Delivery `json:"delivery,omitempty"`
	// Cause says in a few words why a Failed or Unknown delivery did not go
	// through ("no answer from the gateway for 12 s"); "" otherwise.
	Cause string `json:"cause,omitempty"`
	// ClientMsgID is the random id the client put in message.send.
	ClientMsgID string `json:"client_msg_id,omitempty"`
	// Steer marks the user's text sent (or to be sent) into the running
	// turn with agent.steer rather than as a message of its own.
	Steer bool `json:"steer,omitempty"`
	// Cut says how a streaming message was closed without its message.stop.
	Cut Cut `json:"cut,omitempty"`
	// Stopped marks a reply whose turn the user stopped (StopRequested).
	Stopped bool `json:"stopped,omitempty"`
	// Lost marks a streaming message while the connection that brought it
	// is lost (ConnectionLost); in memory only.
	Lost bool `json:"-"`
	// MediaRefs are the upload refs an outgoing message attaches.
	MediaRefs []string `json:"media_refs,omitempty"`
	// Overflow is set when Text was cut at TextCap (textcap.go).
	Overflow *Overflow `json:"overflow,omitempty"`
}

// Delivery is the delivery state of a user message.
type Delivery int

const (
	// DeliveryNone marks messages that are not the user's (no ticks).
	DeliveryNone Delivery = iota
	// DeliveryQueued: stored, waiting for a connection.
	DeliveryQueued
	// DeliverySending: message.send is in flight.
	DeliverySending
	// DeliverySent: the gateway has it (✓).
	DeliverySent
	// DeliveryRead: the agent picked it up (✓✓).
	DeliveryRead
	// DeliveryFailed: not delivered; the UI offers a one-key resend.
	DeliveryFailed
	// DeliveryUnknown: the connection dropped before any response; resolved
	// by the lane's newest history page (see ApplyHistory).
	DeliveryUnknown
)

// String names the delivery state.
func (d Delivery) String() string {
	switch d {
	case DeliveryNone:
		return "none"
	case DeliveryQueued:
		return "queued"
	case DeliverySending:
		return "sending"
	case DeliverySent:
		return "sent"
	case DeliveryRead:
		return "read"
	case DeliveryFailed:
		return "failed"
	case DeliveryUnknown:
		return "unknown"
	}
	return "invalid"
}

// ToolCall is a tool card built from tool.start/progress/end. The JSON tags
// are the stored form.
type ToolCall struct {
	Index   int            `json:"index"`
	Name    string         `json:"name,omitempty"`
	Preview string         `json:"preview,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
	// Note is the latest tool.progress note.
	Note    string `json:"note,omitempty"`
	Running bool   `json:"running,omitempty"`
	// OK and Duration are set by tool.end when the gateway sent them.
	OK       *bool    `json:"ok,omitempty"`
	Duration *float64 `json:"duration,omitempty"`
	// Output is tool.end's output_preview.
	Output  string    `json:"output,omitempty"`
	Started time.Time `json:"started"`
	// Cut says how a running card was closed without its tool.end.
	Cut Cut `json:"cut,omitempty"`
}

// Cut says how a streaming message or a running tool card was closed
// without the frame that ends it (message.stop, tool.end). A later end
// frame, live or replayed, still applies and clears it.
type Cut int

const (
	// CutNone: not cut (still open, or ended by its own frame).
	CutNone Cut = iota
	// CutIdle: agent.idle closed it; its end frame may still follow (a
	// replay can put idle before message.stop).
	CutIdle
	// CutRestart: the gateway restarted and never finished it.
	CutRestart
	// CutLost: after a reconnect the gateway gave no sign of the turn.
	CutLost
)

// Interrupted reports whether the cut is shown as an interruption.
func (c Cut) Interrupted() bool { return c == CutRestart || c == CutLost }

// String is how the cut is shown ("" for none and CutIdle).
func (c Cut) String() string {
	switch c {
	case CutRestart:
		return "interrupted (gateway restarted)"
	case CutLost:
		return "interrupted (connection lost)"
	}
	return ""
}

// PickerOutcome tells how a picker left the queue.
type PickerOutcome int

const (
	// Answered: the user answered it here.
	Answered PickerOutcome = iota
	// Expired: its timeout_s passed.
	Expired
	// AnsweredElsewhere: another device answered it, as the gateway said:
	// it refused ours as no longer pending (not_found), or reported the
	// answer (picker.answered, when it offers the extension).
	AnsweredElsewhere
	// Answering: this device sent an answer and waits for the gateway.
	Answering
	// NotDelivered: this device's answer was refused or not sent; the
	// picker is pending again.
	NotDelivered
	// NotConfirmed: this device's answer was sent and nothing confirmed
	// it; the picker is answerable again.
	NotConfirmed
	// Withdrawn: the picker ended without an answer: this device stopped
	// the agent, or the gateway dropped it (a restart, or the turn went on
	// with no answer reported by a gateway that reports answers).
	Withdrawn
	// Closed: the turn moved on and nothing says why (a gateway without
	// the picker_answered extension): answered elsewhere, stopped or
	// withdrawn alike. It is no evidence of another device.
	Closed
)

// String names the outcome.
func (o PickerOutcome) String() string {
	switch o {
	case Answered:
		return "answered"
	case Expired:
		return "expired"
	case AnsweredElsewhere:
		return "answered on another device"
	case Answering:
		return "answering…"
	case NotDelivered:
		return "not delivered"
	case NotConfirmed:
		return "sent, not confirmed"
	case Withdrawn:
		return "withdrawn"
	case Closed:
		return "closed"
	}
	return "invalid"
}
