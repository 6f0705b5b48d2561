package gatewaysim

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// FuzzClientFrame sends arbitrary text frames to a paired connection and
// checks that the server stays responsive and never fails internally.
func FuzzClientFrame(f *testing.F) {
	for _, seed := range []string{
		`{"v":1,"id":1,"type":"message.send","chat_id":"iris:default","payload":{"text":"rm -rf x, clarify, confirm, choose"}}`,
		`{"v":1,"id":2,"type":"history","chat_id":"iris:default","payload":{"limit":-1,"before_message_id":"m_1"}}`,
		`{"v":1,"id":3,"type":"channel.create","payload":{"name":"t","kind":"thread","parent_chat_id":"iris:default"}}`,
		`{"v":1,"id":4,"type":"media.upload.start","payload":{"media_ref":"mu","size":3}}`,
		`{"v":1,"id":5,"type":"search","payload":{"query":"é","scope":"chat"}}`,
		`{"v":2,"type":"ping"}`, `{"type":""}`, `[]`, `null`, "\xff",
	} {
		f.Add([]byte(seed))
	}
	_, url := newTestServer(f, func(c *Config) {
		c.RateLimit, c.RateBurst = 1e9, 1e9
		c.PickerTimeout = 1 // answer pickers at once so turns do not pile up
	})
	c, _ := connect(f, url, "fuzz")
	c.nextID = 1 << 40 // clear of the ids in fuzzed frames
	f.Fuzz(func(t *testing.T, data []byte) {
		c.t = t
		c.sendRaw(data)
		id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
		fs := c.until(func(f frame.Frame) bool { return f.ID == id })
		must(t, fs[len(fs)-1].Type == frame.TypePong, "ping answered %s", fs[len(fs)-1].Type)
		for _, f := range fs {
			if e, ok := f.Payload.(*frame.Error); ok {
				must(t, e.Message != panicMessage, "a handler panicked on %q", data)
			}
		}
	})
}
