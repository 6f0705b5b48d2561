package frame

import "encoding/json"

// Channel is one entry of the channel directory (hello.ack channels,
// channel.list, channel.created, and the payloads of renamed/deleted).
//
// A thread is an entry with Kind "thread": its lane is
// (ParentChatID, ThreadID). Iris's simulator sends both fields; a gateway
// that names a thread only by ChatID plus ParentChatID is understood too
// (see Lane).
type Channel struct {
	ChatID       string    `json:"chat_id"`
	ThreadID     OptString `json:"thread_id,omitzero"`
	Name         string    `json:"name,omitempty"`
	Kind         string    `json:"kind,omitempty"`
	IsDefault    *bool     `json:"is_default,omitempty"`
	ParentChatID OptString `json:"parent_chat_id,omitzero"`
	Auto         *bool     `json:"auto,omitempty"`
}

// Lane returns the (chat_id, thread_id) lane this directory entry names.
func (c Channel) Lane() Lane {
	if c.Kind == KindThread || c.ThreadID.Valid {
		parent := c.ParentChatID.Val
		if parent == "" {
			parent = c.ChatID
		}
		tid := c.ThreadID.Val
		if tid == "" {
			tid = c.ChatID
		}
		return Lane{ChatID: parent, ThreadID: tid}
	}
	return Lane{ChatID: c.ChatID}
}

// Lane identifies a conversation: a channel's flat lane (ThreadID "") or one
// of its threads.
type Lane struct {
	ChatID   string
	ThreadID string
}

// String renders the lane as "chat_id" or "chat_id/thread_id" (for logs and
// map keys in tests).
func (l Lane) String() string {
	if l.ThreadID == "" {
		return l.ChatID
	}
	return l.ChatID + "/" + l.ThreadID
}

// Media describes one media item attached to a message or offered with
// media.offer.
type Media struct {
	MediaID  string `json:"media_id"`
	Kind     string `json:"kind,omitempty"`
	Mime     string `json:"mime,omitempty"`
	Size     int64  `json:"size,omitempty"`
	Filename string `json:"filename,omitempty"`
	SHA256   string `json:"sha256,omitempty"`
}

// Runtime is the structured runtime footer of a final assistant message.
// Every key is optional; absent keys stay nil.
type Runtime struct {
	Model      string   `json:"model,omitempty"`
	ContextPct *int     `json:"context_pct,omitempty"`
	Cwd        string   `json:"cwd,omitempty"`
	Latency    *float64 `json:"latency,omitempty"`
	Cost       *float64 `json:"cost,omitempty"`
}

// Command is one entry of the gateway's slash-command catalog.
type Command struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	ArgsHint    string   `json:"args_hint"`
	Category    string   `json:"category,omitempty"`
	Aliases     []string `json:"aliases,omitzero"`
}

// Choice is one option of a picker. It decodes from an object or from a
// bare string (see the package doc).
type Choice struct {
	Value       string `json:"value"`
	Label       string `json:"label,omitempty"`
	Description string `json:"description,omitempty"`
	IsCurrent   *bool  `json:"is_current,omitempty"`
	// Recommended is set when the label ended in " (Recommended)", which
	// is then cut from Label (never from Value). It is not on the wire.
	Recommended bool `json:"-"`
}

// Provider is a model provider of picker.model. It decodes from the
// spec's {id, label, models} or Hermes' {slug, name, models} (see
// the package doc).
type Provider struct {
	ID     string  `json:"id"`
	Label  string  `json:"label,omitempty"`
	Models []Model `json:"models,omitempty"`
}

// Model is one model of a Provider. It decodes from an object or from a
// bare model id.
type Model struct {
	ID    string `json:"id"`
	Label string `json:"label,omitempty"`
}

// AnswerBy names who answered a picker (picker.select's and
// picker.answered's "by", extension picker_answered): the answering
// device's name, and for an answer given by `iris approve` the policy
// file's base name and the rule's name.
type AnswerBy struct {
	DeviceName string `json:"device_name,omitempty"`
	Policy     string `json:"policy,omitempty"`
	Rule       string `json:"rule,omitempty"`
}

// Empty is the payload of frames that carry no fields ({}).
type Empty struct{}

// Unknown is the payload of a frame whose type this client does not know;
// the raw payload is kept for logging.
type Unknown struct {
	Raw json.RawMessage
}
