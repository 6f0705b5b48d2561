package frame

// Payloads of frames sent by the gateway (server → app).

// HelloAck answers hello: pairing succeeded.
type HelloAck struct {
	ServerCaps       ServerCaps `json:"server_caps"`
	SyncCursor       int64      `json:"sync_cursor"`
	LastPushedCursor int64      `json:"last_pushed_cursor"`
	Channels         []Channel  `json:"channels,omitempty"`
}

// ServerCaps lists what the gateway supports.
type ServerCaps struct {
	Streaming *bool  `json:"streaming,omitempty"`
	Reasoning *bool  `json:"reasoning,omitempty"`
	Tools     *bool  `json:"tools,omitempty"`
	Media     *bool  `json:"media,omitempty"`
	Search    *bool  `json:"search,omitempty"`
	Push      string `json:"push,omitempty"`
	Pickers   *bool  `json:"pickers,omitempty"`
	// PickerAnswered and TurnInterrupted are Iris's protocol extensions
	// (PROTOCOL-EXTENSIONS.md). An absent one counts as off: a gateway that
	// does not name it does not offer it. (Iris counts an absent spec cap
	// as on, its own choice: the spec does not say.)
	PickerAnswered  *bool `json:"picker_answered,omitempty"`
	TurnInterrupted *bool `json:"turn_interrupted,omitempty"`
}

// Offers reports whether an extension cap is explicitly on (absent is
// off, see ServerCaps).
func Offers(c *bool) bool { return c != nil && *c }

// Message is a final or standalone message (also the items of history).
type Message struct {
	MessageID   string    `json:"message_id"`
	ChatID      OptString `json:"chat_id,omitzero"`
	ThreadID    OptString `json:"thread_id,omitzero"`
	Role        string    `json:"role,omitempty"`
	Text        string    `json:"text,omitempty"`
	Reasoning   string    `json:"reasoning,omitempty"`
	Media       []Media   `json:"media,omitempty"`
	ReplyTo     OptString `json:"reply_to,omitzero"`
	Model       string    `json:"model,omitempty"`
	Tokens      *int      `json:"tokens,omitempty"`
	TS          int64     `json:"ts,omitempty"`
	Runtime     *Runtime  `json:"runtime,omitempty"`
	ClientMsgID string    `json:"client_msg_id,omitempty"`
}

// MessageStart opens a streaming bubble.
type MessageStart struct {
	MessageID string    `json:"message_id"`
	Role      string    `json:"role,omitempty"`
	ReplyTo   OptString `json:"reply_to,omitzero"`
	TS        int64     `json:"ts,omitempty"`
}

// MessageUpdate carries the full current text of a streaming bubble.
type MessageUpdate struct {
	MessageID string `json:"message_id"`
	Text      string `json:"text"`
	Reasoning string `json:"reasoning,omitempty"`
}

// MessageStop finishes a streaming bubble; FinalText is authoritative.
type MessageStop struct {
	MessageID string   `json:"message_id"`
	FinalText string   `json:"final_text"`
	Reasoning string   `json:"reasoning,omitempty"`
	Media     []Media  `json:"media,omitempty"`
	Model     string   `json:"model,omitempty"`
	Tokens    *int     `json:"tokens,omitempty"`
	TS        int64    `json:"ts,omitempty"`
	Runtime   *Runtime `json:"runtime,omitempty"`
	// Interrupted (extension turn_interrupted) marks a reply whose turn
	// agent.stop ended, from whichever device: the text is partial.
	Interrupted *bool `json:"interrupted,omitempty"`
}

// MessageDeleted tells that messages were deleted (response and broadcast).
type MessageDeleted struct {
	MessageIDs []string `json:"message_ids"`
}

// Commentary is an intermediate assistant beat between tool iterations.
type Commentary struct {
	MessageID string `json:"message_id,omitempty"`
	Text      string `json:"text"`
}

// ToolStart announces a tool call.
type ToolStart struct {
	Index   int            `json:"index"`
	Name    string         `json:"name"`
	Preview string         `json:"preview,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
}

// ToolProgress reports progress of a running tool call.
type ToolProgress struct {
	Index int    `json:"index"`
	Name  string `json:"name,omitempty"`
	Note  string `json:"note,omitempty"`
}

// ToolEnd finishes a tool call.
type ToolEnd struct {
	Index         int      `json:"index"`
	Name          string   `json:"name,omitempty"`
	OK            *bool    `json:"ok,omitempty"`
	Duration      *float64 `json:"duration,omitempty"`
	OutputPreview string   `json:"output_preview,omitempty"`
}

// Typing toggles the typing indicator (typing; typing.stop has no fields).
type Typing struct {
	On *bool `json:"on,omitempty"`
}

// Notification is an in-app banner.
type Notification struct {
	Kind  string `json:"kind,omitempty"`
	Title string `json:"title,omitempty"`
	Body  string `json:"body,omitempty"`
	TS    int64  `json:"ts,omitempty"`
}

// Picker is the payload of every picker.* prompt. Which fields are present
// depends on the kind (see PROTOCOL-NOTES); the client renders generically
// from whatever is there.
type Picker struct {
	PickerID        string     `json:"picker_id"`
	Title           string     `json:"title,omitempty"`
	Question        string     `json:"question,omitempty"`
	Message         string     `json:"message,omitempty"`
	Command         string     `json:"command,omitempty"`
	Description     string     `json:"description,omitempty"`
	Choices         []Choice   `json:"choices,omitempty"`
	AllowText       *bool      `json:"allow_text,omitempty"`
	AllowPermanent  *bool      `json:"allow_permanent,omitempty"`
	AllowSession    *bool      `json:"allow_session,omitempty"`
	SmartDenied     *bool      `json:"smart_denied,omitempty"`
	MultiSelect     *bool      `json:"multi_select,omitempty"`
	TimeoutS        *float64   `json:"timeout_s,omitempty"`
	CurrentModel    string     `json:"current_model,omitempty"`
	CurrentProvider string     `json:"current_provider,omitempty"`
	Providers       []Provider `json:"providers,omitempty"`
}

// PickerAnswered (extension picker_answered, server → every device) tells
// that a picker was answered, with what and by whom.
type PickerAnswered struct {
	PickerID string    `json:"picker_id"`
	Value    string    `json:"value"`
	By       *AnswerBy `json:"by,omitempty"`
}

// ChannelList is the whole channel directory.
type ChannelList struct {
	Channels []Channel `json:"channels"`
}

// History is a page of messages, oldest to newest.
type History struct {
	Messages        []Message `json:"messages"`
	HasMore         bool      `json:"has_more"`
	OldestMessageID string    `json:"oldest_message_id,omitempty"`
}

// CommandsCatalog is the gateway's slash-command catalog (the response; the
// request has an empty payload).
type CommandsCatalog struct {
	Commands []Command `json:"commands"`
}

// CommandsCompleteResult answers commands.complete.
type CommandsCompleteResult struct {
	Prefix  string    `json:"prefix"`
	Matches []Command `json:"matches"`
}

// AgentBusy says the agent is working on a lane.
type AgentBusy struct {
	Reason string `json:"reason,omitempty"`
}

// SearchResults answers search.
type SearchResults struct {
	Query string      `json:"query"`
	Scope string      `json:"scope,omitempty"`
	Hits  []SearchHit `json:"hits"`
}

// SearchHit is one search result.
type SearchHit struct {
	MessageID string    `json:"message_id"`
	ChatID    string    `json:"chat_id"`
	ThreadID  OptString `json:"thread_id,omitzero"`
	Role      string    `json:"role,omitempty"`
	Snippet   string    `json:"snippet,omitempty"`
	TS        int64     `json:"ts,omitempty"`
}

// MediaUploadAck confirms an upload; the ref may now be used in media_refs.
// The spec reports failures with `error` frames, but a gateway may answer
// ok:false instead, with its reason in one of the optional text fields.
type MediaUploadAck struct {
	OK       *bool  `json:"ok,omitempty"`
	MediaRef string `json:"media_ref"`
	Message  string `json:"message,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Error    string `json:"error,omitempty"`
}

// Refused reports whether the ack says ok:false.
func (a *MediaUploadAck) Refused() bool { return a.OK != nil && !*a.OK }

// Why returns the reason given with a refusal ("" for none).
func (a *MediaUploadAck) Why() string {
	for _, s := range []string{a.Message, a.Reason, a.Error} {
		if s != "" {
			return s
		}
	}
	return ""
}

// MediaPullEnd ends a pull's binary frames.
type MediaPullEnd struct {
	OK     *bool  `json:"ok,omitempty"`
	Size   int64  `json:"size,omitempty"`
	SHA256 string `json:"sha256,omitempty"`
}

// Status is the gateway's health state.
type Status struct {
	State string `json:"state"`
}

// Error reports a failed request (id set) or a connection-level problem.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message,omitempty"`
}

// Pong answers ping.
type Pong struct {
	TS int64 `json:"ts,omitempty"`
}

// SyncDone ends a sync replay with the cursor reached.
type SyncDone struct {
	Cursor int64 `json:"cursor"`
}

// Error makes an error frame's payload usable as a Go error (what
// wsclient.Client.Request returns for an `error` response).
func (e *Error) Error() string {
	if e.Message == "" {
		return "gateway error: " + e.Code
	}
	return "gateway error " + e.Code + ": " + e.Message
}
