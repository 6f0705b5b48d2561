package frame

import (
	"errors"
	"fmt"
)

// Version is the protocol major version this package speaks.
const Version = 1

// Direction says who sent a frame; a few frame types (history,
// commands.catalog, media.pull, channel.list) carry different payloads each
// way.
type Direction int

const (
	// FromServer marks frames the gateway sends to the app.
	FromServer Direction = iota
	// FromClient marks frames the app sends to the gateway.
	FromClient
)

// Frame is one decoded JSON frame: the envelope plus its typed payload.
// Payload holds a pointer to the payload struct of Type (for example
// *MessageUpdate), *Empty for payload-less frames, or *Unknown for a type
// this client does not know.
type Frame struct {
	V        int
	ID       int64
	Type     string
	ChatID   OptString
	ThreadID OptString
	Cursor   int64
	Payload  any
	// inPayload holds the chat_id and thread_id Decode found in a payload
	// whose type has no fields of its own for them (see Lane).
	inPayload laneFields
	// Issues lists the received fields Decode had to convert or ignore
	// because their JSON type did not fit (nil for a well-formed frame).
	// Encode ignores it.
	Issues []FieldIssue
}

// ErrVersion is wrapped by Decode for a frame of another major version.
var ErrVersion = errors.New("unsupported protocol version")

// VersionError tells which version a frame spoke.
type VersionError struct{ Got int }

func (e *VersionError) Error() string {
	return fmt.Sprintf("gateway speaks protocol v%d, this client speaks v%d", e.Got, Version)
}

// Unwrap makes errors.Is(err, ErrVersion) work.
func (e *VersionError) Unwrap() error { return ErrVersion }

// MessageID returns the id of the message a message or commentary frame
// is about (message, message.start/update/stop, commentary), or "".
func (f Frame) MessageID() string {
	switch p := f.Payload.(type) {
	case *Message:
		return p.MessageID
	case *MessageStart:
		return p.MessageID
	case *MessageUpdate:
		return p.MessageID
	case *MessageStop:
		return p.MessageID
	case *Commentary:
		return p.MessageID
	}
	return ""
}

// newPayload returns a fresh payload pointer for a frame type and direction.
func newPayload(t string, dir Direction) any {
	if dir == FromClient {
		if mk, ok := clientPayloads[t]; ok {
			return mk()
		}
	} else if mk, ok := serverPayloads[t]; ok {
		return mk()
	}
	return &Unknown{}
}

func empty() any { return &Empty{} }

var serverPayloads = map[string]func() any{
	TypeHelloAck:         func() any { return &HelloAck{} },
	TypeMessage:          func() any { return &Message{} },
	TypeMessageStart:     func() any { return &MessageStart{} },
	TypeMessageUpdate:    func() any { return &MessageUpdate{} },
	TypeMessageStop:      func() any { return &MessageStop{} },
	TypeMessageDeleted:   func() any { return &MessageDeleted{} },
	TypeCommentary:       func() any { return &Commentary{} },
	TypeToolStart:        func() any { return &ToolStart{} },
	TypeToolProgress:     func() any { return &ToolProgress{} },
	TypeToolEnd:          func() any { return &ToolEnd{} },
	TypeTyping:           func() any { return &Typing{} },
	TypeTypingStop:       empty,
	TypeNotification:     func() any { return &Notification{} },
	TypePickerModel:      func() any { return &Picker{} },
	TypePickerChoice:     func() any { return &Picker{} },
	TypePickerClarify:    func() any { return &Picker{} },
	TypePickerApproval:   func() any { return &Picker{} },
	TypePickerConfirm:    func() any { return &Picker{} },
	TypePickerAnswered:   func() any { return &PickerAnswered{} },
	TypeChannelList:      func() any { return &ChannelList{} },
	TypeChannelCreated:   func() any { return &Channel{} },
	TypeChannelRenamed:   func() any { return &Channel{} },
	TypeChannelDeleted:   func() any { return &Channel{} },
	TypeHistory:          func() any { return &History{} },
	TypeCommandsCatalog:  func() any { return &CommandsCatalog{} },
	TypeCommandsComplete: func() any { return &CommandsCompleteResult{} },
	TypeAgentBusy:        func() any { return &AgentBusy{} },
	TypeAgentIdle:        empty,
	TypeSearchResults:    func() any { return &SearchResults{} },
	TypeMediaOffer:       func() any { return &Media{} },
	TypeMediaUploadAck:   func() any { return &MediaUploadAck{} },
	TypeMediaPull:        func() any { return &MediaPull{} },
	TypeMediaPullEnd:     func() any { return &MediaPullEnd{} },
	TypeReadReceipt:      func() any { return &ReadReceipt{} },
	TypeStatus:           func() any { return &Status{} },
	TypeError:            func() any { return &Error{} },
	TypePong:             func() any { return &Pong{} },
	TypeSyncDone:         func() any { return &SyncDone{} },
}

var clientPayloads = map[string]func() any{
	TypeHello:            func() any { return &Hello{} },
	TypeMessageSend:      func() any { return &MessageSend{} },
	TypeMessageDelete:    func() any { return &MessageDelete{} },
	TypePickerSelect:     func() any { return &PickerSelect{} },
	TypeChannelList:      empty,
	TypeChannelCreate:    func() any { return &ChannelCreate{} },
	TypeChannelRename:    func() any { return &ChannelRename{} },
	TypeChannelSetDef:    empty,
	TypeChannelDelete:    empty,
	TypeHistory:          func() any { return &HistoryRequest{} },
	TypeCommandsCatalog:  empty,
	TypeCommandsComplete: func() any { return &CommandsComplete{} },
	TypeAgentStop:        empty,
	TypeAgentSteer:       func() any { return &AgentSteer{} },
	TypeSearch:           func() any { return &Search{} },
	TypeMediaUploadStart: func() any { return &MediaUploadStart{} },
	TypeMediaUploadEnd:   func() any { return &MediaUploadEnd{} },
	TypeMediaPull:        func() any { return &MediaPull{} },
	TypeReadReceipt:      func() any { return &ReadReceipt{} },
	TypePing:             func() any { return &Ping{} },
	TypeSync:             func() any { return &Sync{} },
	TypeFCMRegister:      func() any { return &FCMRegister{} },
}
