package mediactl

import "errors"

// What the gateway's hello.ack says when its media cap is false: the
// controller then says so instead of sending what the gateway cannot serve.
var (
	// ErrNoMedia refuses attaching and sending attachments.
	ErrNoMedia = errors.New("this gateway does not accept attachments (media is off)")
	errNoPull  = errors.New("this gateway does not serve media downloads (media is off)")
)
