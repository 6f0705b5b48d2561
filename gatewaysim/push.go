package gatewaysim

import (
	"strings"

	"github.com/hermes/iris/frame"
)

// The simulator has no push backend, but it keeps the books of one: a
// device that registered an fcm_token or ntfy_topic (in hello or with
// fcm.register, until an fcm.register without either) "is pushed" every
// frame parked for it while offline that would wake a phone, and hello.ack
// reports the highest such cursor as last_pushed_cursor (spec: the app
// skips notifying replayed frames with cursor <= it). A phone app can test
// its push dedupe against that.

// pushes reports whether a push backend would wake a device for f: a
// message that is not the user's own, a finished reply, a notification or
// a picker (a prompt waiting for the user).
func pushes(f frame.Frame) bool {
	switch f.Type {
	case frame.TypeMessage:
		m, ok := f.Payload.(*frame.Message)
		return ok && m.Role != frame.RoleUser
	case frame.TypeMessageStop, frame.TypeNotification:
		return true
	}
	return strings.HasPrefix(f.Type, "picker.") && f.Type != frame.TypePickerAnswered
}

// register records the device's push registration: a non-empty token or
// topic turns push on, and fcm.register without either turns it off.
func (d *device) register(fcmToken, ntfyTopic string) {
	d.push = fcmToken != "" || ntfyTopic != ""
}

// registerHello takes a hello's registration; a hello without one leaves
// the earlier registration as it was (a gateway keeps a device's token).
func (d *device) registerHello(h *frame.Hello) {
	if h.FCMToken != "" || h.NtfyTopic != "" {
		d.register(h.FCMToken, h.NtfyTopic)
	}
}

func (c *conn) handleFCMRegister(f frame.Frame) {
	p := f.Payload.(*frame.FCMRegister)
	c.s.mu.Lock()
	c.dev.register(p.FCMToken, p.NtfyTopic)
	c.s.mu.Unlock()
	if c.s.rich() {
		c.ackEcho(f)
	}
}
