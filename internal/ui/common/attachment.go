package common

import "github.com/hermes/iris/internal/media"

// AttachState is where an attachment is in its upload.
type AttachState int

// The states of an attachment chip.
const (
	AttachReady     AttachState = iota // attached, not sent yet
	AttachQueued                       // waiting for its turn to upload
	AttachUploading                    // bytes are going out
	AttachUploaded                     // acknowledged; Ref is set
	AttachFailed                       // Err says why; sending again retries
	AttachWaiting                      // sent while offline: uploads once connected
)

// Attachment is one file attached to the draft, shown as a chip above the
// input. The composer keeps the list; the media controller moves the
// bytes and reports each chip's state.
type Attachment struct {
	ID          int
	Upload      media.Upload
	State       AttachState
	Done, Total int64
	Ref         string // media_ref once uploaded
	Err         string // why the upload failed (shown on the chip)
}
