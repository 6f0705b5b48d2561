package frame

// Payloads of frames sent by the app (app → server). Some types (history,
// commands.catalog, read.receipt, media.pull, channel.create) share a frame
// type with a server frame; the payload differs by direction.

// Hello is the first frame: auth and capabilities.
type Hello struct {
	Token      string `json:"token"`
	DeviceID   string `json:"device_id"`
	DeviceName string `json:"device_name,omitempty"`
	Caps       Caps   `json:"caps"`
	FCMToken   string `json:"fcm_token,omitempty"`
	NtfyTopic  string `json:"ntfy_topic,omitempty"`
}

// Caps are the app's capabilities sent in hello.
type Caps struct {
	MinProtocol int    `json:"min_protocol"`
	Media       *bool  `json:"media,omitempty"`
	Push        string `json:"push,omitempty"`
	// PickerAnswered asks a gateway with the picker_answered extension for
	// picker.answered frames (PROTOCOL-EXTENSIONS.md).
	PickerAnswered *bool `json:"picker_answered,omitempty"`
}

// MessageSend sends text or a slash command.
type MessageSend struct {
	Text        string    `json:"text"`
	ReplyTo     OptString `json:"reply_to,omitzero"`
	MediaRefs   []string  `json:"media_refs,omitempty"`
	AutoThread  *bool     `json:"auto_thread,omitempty"`
	ClientMsgID string    `json:"client_msg_id,omitempty"`
}

// MessageDelete asks to delete messages.
type MessageDelete struct {
	MessageIDs []string `json:"message_ids"`
}

// PickerSelect answers a picker. Reason is the typed reason of a deny
// (see the package doc); it is left out otherwise. By names who answered
// (extension picker_answered): wsclient sends it only to a gateway whose
// hello.ack offered the extension.
type PickerSelect struct {
	PickerID string    `json:"picker_id"`
	Value    string    `json:"value"`
	Reason   string    `json:"reason,omitempty"`
	By       *AnswerBy `json:"by,omitempty"`
}

// ChannelCreate asks for a new channel or thread.
type ChannelCreate struct {
	Name         string    `json:"name"`
	Kind         string    `json:"kind,omitempty"`
	ParentChatID OptString `json:"parent_chat_id,omitzero"`
}

// ChannelRename renames the channel named by the envelope's chat_id.
type ChannelRename struct {
	Name string `json:"name"`
}

// HistoryRequest loads a page of a lane's messages.
type HistoryRequest struct {
	BeforeMessageID string `json:"before_message_id,omitempty"`
	Limit           int    `json:"limit,omitempty"`
}

// CommandsComplete asks for completions of a typed prefix.
type CommandsComplete struct {
	Prefix string `json:"prefix"`
}

// AgentSteer injects a steering message into the running turn.
type AgentSteer struct {
	Text string `json:"text"`
}

// Search runs a search over all lanes or one.
type Search struct {
	Query    string    `json:"query"`
	Scope    string    `json:"scope"`
	ChatID   OptString `json:"chat_id,omitzero"`
	ThreadID OptString `json:"thread_id,omitzero"`
}

// MediaUploadStart opens an upload; binary frames follow.
type MediaUploadStart struct {
	MediaRef string `json:"media_ref"`
	Kind     string `json:"kind"`
	Mime     string `json:"mime,omitempty"`
	Size     int64  `json:"size"`
	Filename string `json:"filename,omitempty"`
}

// MediaUploadEnd closes an upload with the content's sha256 (lowercase hex).
type MediaUploadEnd struct {
	MediaRef string `json:"media_ref"`
	SHA256   string `json:"sha256"`
}

// MediaPull requests media bytes. The gateway may answer with a media.pull
// frame of the same id carrying size/sha256/mime before the binary frames.
type MediaPull struct {
	MediaID  string `json:"media_id"`
	Size     int64  `json:"size,omitempty"`
	SHA256   string `json:"sha256,omitempty"`
	Mime     string `json:"mime,omitempty"`
	Filename string `json:"filename,omitempty"`
}

// ReadReceipt is sent both ways: the app reports a message shown; the
// gateway acknowledges a user message handed to the agent.
type ReadReceipt struct {
	ChatID    OptString `json:"chat_id,omitzero"`
	ThreadID  OptString `json:"thread_id,omitzero"`
	MessageID string    `json:"message_id"`
}

// Ping is the keepalive request.
type Ping struct {
	TS int64 `json:"ts"`
}

// Sync asks for the outbox frames after Cursor.
type Sync struct {
	Cursor int64 `json:"cursor"`
}

// FCMRegister updates the push token (unused by Iris, which has no push).
type FCMRegister struct {
	FCMToken  string `json:"fcm_token,omitempty"`
	NtfyTopic string `json:"ntfy_topic,omitempty"`
}
