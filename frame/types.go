// Package frame holds the Hermes device protocol's wire format: the JSON
// envelope, the typed payload of every frame in both directions, and
// decoding/encoding between bytes and typed frames.
//
// # Pickers: the shapes accepted and the answers sent
//
// The spec only shows picker.model and picker.choice. The gateway's other
// prompts follow Hermes' own code, so both shapes are accepted:
//
//   - choices: objects {value, label, description?, is_current?} or bare
//     strings ("staging"). A bare string is its own value and label. A
//     label ending in " (Recommended)" (any case; Hermes marks the first
//     choice so) has the suffix cut and Choice.Recommended set; the value
//     keeps it, so the gateway gets back exactly the string it sent.
//   - providers of picker.model: {id, label, models:[{id, label}]} (spec) or
//     {slug, name, models:["model id", ...]} (Hermes).
//   - picker.approval may carry allow_session and smart_denied: Hermes offers
//     neither "session" nor "always" when smart_denied is true or
//     allow_session is false, and no "always" when allow_permanent is false.
//   - picker.clarify may carry multi_select: the answer is then a JSON array
//     of the chosen values, as a string (`["a","b"]`).
//   - timeout_s: without it a clarify waits 3600 s and an approval or a
//     confirm 300 s (Hermes' defaults); timeout_s <= 0 never expires.
//
// Answers (picker.select value):
//
//   - approval: "once" | "session" | "always" | "deny". A deny with a typed
//     reason sends value "deny" plus the extra field "reason" (Hermes
//     relays it to the agent, as with `/deny <reason>`); a gateway that
//     ignores unknown fields still gets a plain deny.
//   - clarify: a choice's value, the typed text, or the JSON array above.
//   - model: ModelValue(provider, model) = "<provider>/<model id>". Model ids
//     may contain '/' ("qwen/qwq-32b") but provider ids do not, so the value
//     is split at the FIRST '/' (SplitModelValue): "openrouter/qwen/qwq-32b"
//     is provider "openrouter", model "qwen/qwq-32b".
//
// # Lanes
//
// Frame.Lane is the one resolver of a frame's lane for every consumer:
// chat_id and thread_id from the envelope, else from the payload, for
// every frame type (a channel.* payload's chat_id names the directory
// entry instead). Frame.Unrouted marks a chat-scoped frame that names no
// lane; it goes nowhere.
//
// # Iris's protocol extensions
//
// Two additive extensions (PROTOCOL-EXTENSIONS.md at the repository's
// root), announced in ServerCaps (absent means not offered, see Offers):
// picker_answered (PickerSelect.By, Caps.PickerAnswered, the
// picker.answered frame PickerAnswered) and turn_interrupted
// (MessageStop.Interrupted).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package frame

// Frame types of the device protocol, as spelled on the wire.
const (
	TypeHello            = "hello"
	TypeHelloAck         = "hello.ack"
	TypeMessage          = "message"
	TypeMessageStart     = "message.start"
	TypeMessageUpdate    = "message.update"
	TypeMessageStop      = "message.stop"
	TypeMessageDeleted   = "message.deleted"
	TypeMessageDelete    = "message.delete"
	TypeMessageSend      = "message.send"
	TypeCommentary       = "commentary"
	TypeToolStart        = "tool.start"
	TypeToolProgress     = "tool.progress"
	TypeToolEnd          = "tool.end"
	TypeTyping           = "typing"
	TypeTypingStop       = "typing.stop"
	TypeNotification     = "notification"
	TypePickerModel      = "picker.model"
	TypePickerChoice     = "picker.choice"
	TypePickerClarify    = "picker.clarify"
	TypePickerApproval   = "picker.approval"
	TypePickerConfirm    = "picker.confirm"
	TypePickerSelect     = "picker.select"
	TypePickerAnswered   = "picker.answered" // extension picker_answered
	TypeChannelList      = "channel.list"
	TypeChannelCreated   = "channel.created"
	TypeChannelRenamed   = "channel.renamed"
	TypeChannelDeleted   = "channel.deleted"
	TypeChannelCreate    = "channel.create"
	TypeChannelRename    = "channel.rename"
	TypeChannelSetDef    = "channel.set_default"
	TypeChannelDelete    = "channel.delete"
	TypeHistory          = "history"
	TypeCommandsCatalog  = "commands.catalog"
	TypeCommandsComplete = "commands.complete"
	TypeAgentBusy        = "agent.busy"
	TypeAgentIdle        = "agent.idle"
	TypeAgentStop        = "agent.stop"
	TypeAgentSteer       = "agent.steer"
	TypeSearch           = "search"
	TypeSearchResults    = "search.results"
	TypeMediaOffer       = "media.offer"
	TypeMediaUploadStart = "media.upload.start"
	TypeMediaUploadEnd   = "media.upload.end"
	TypeMediaUploadAck   = "media.upload.ack"
	TypeMediaPull        = "media.pull"
	TypeMediaPullEnd     = "media.pull.end"
	TypeReadReceipt      = "read.receipt"
	TypeStatus           = "status"
	TypeError            = "error"
	TypePing             = "ping"
	TypePong             = "pong"
	TypeSync             = "sync"
	TypeSyncDone         = "sync.done"
	TypeFCMRegister      = "fcm.register"
)

// IsPicker reports whether t is one of the picker.* prompt types (not
// picker.select, which is the answer).
func IsPicker(t string) bool {
	switch t {
	case TypePickerModel, TypePickerChoice, TypePickerClarify, TypePickerApproval, TypePickerConfirm:
		return true
	}
	return false
}

// IsCoalescable reports whether frames of type t may be coalesced to the
// latest under backpressure (the spec allows it only for these two).
func IsCoalescable(t string) bool {
	return t == TypeMessageUpdate || t == TypeToolProgress
}

// Error codes of the `error` frame.
const (
	CodeAuth          = "auth"
	CodeNotFound      = "not_found"
	CodeRateLimited   = "rate_limited"
	CodeMediaTooLarge = "media_too_large"
	CodeUnsupported   = "unsupported"
	CodeInternal      = "internal"
)

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleSystem    = "system"
	RoleCron      = "cron"
)

// Gateway states carried by `status`.
const (
	StateOnline     = "online"
	StateRestarting = "restarting"
	StateDegraded   = "degraded"
)

// Channel kinds in the directory.
const (
	KindDefault = "default"
	KindChannel = "channel"
	KindThread  = "thread"
)

// Media kinds.
const (
	MediaImage = "image"
	MediaVideo = "video"
	MediaAudio = "audio"
	MediaFile  = "file"
)
