// Package frame holds the Hermes device protocol's wire format: the JSON
// envelope, the typed payload of every frame in both directions, and
// decoding/encoding between bytes and typed frames.
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
