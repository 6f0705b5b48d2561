package gatewaysim

import (
	"strings"

	"github.com/hermes/iris/frame"
)

// The simulator has no push backend, but it keeps the books of one: a
// device that registered an fcm_token or ntfy_topic (in hello or with
// fcm.register) "is pushed" every frame parked for it while offline that
// would wake a phone, and hello.ack reports the highest such cursor as
// last_pushed_cursor (spec: the app skips notifying replayed frames with
// cursor <= it). A phone app can test its push dedupe against that.

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
// topic turns push on (fcm.register may replace one with the other).
func (d *device) register(fcmToken, ntfyTopic string) {
	d.push = fcmToken != "" || ntfyTopic != ""
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
