package headless_test

import (
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/headless"
)

// turnAfter answers a message.send with the spec's literal frames, none of
// which carries the request's id (the spec gives message.send no response
// of its own): first (the user's message as the spec's `message` example,
// or only the read.receipt), then the streamed reply.
func turnAfter(echo bool) func(c *specConn, f frame.Frame) {
	return func(c *specConn, f frame.Frame) {
		p, ok := f.Payload.(*frame.MessageSend)
		if !ok {
			return
		}
		if echo {
			c.send(`{"type":"message","chat_id":%q,"thread_id":null,"payload":{"message_id":"m_9001","role":"user","text":%q}}`, specChat, p.Text)
		}
		c.send(`{"type":"read.receipt","chat_id":%q,"payload":{"message_id":"m_9001"}}`, specChat)
		c.send(`{"type":"message.start","chat_id":%q,"payload":{"message_id":"m_9002","role":"assistant"}}`, specChat)
		c.send(`{"type":"message.stop","chat_id":%q,"payload":{"message_id":"m_9002","final_text":"Hello, world!"}}`, specChat)
		c.send(`{"type":"agent.idle","chat_id":%q,"thread_id":null,"payload":{}}`, specChat)
	}
}

// TestSendWaitWithoutAnIDdResponse: a gateway that echoes the message
// without the request's id, or only sends its read.receipt, has the
// message all the same: send --wait prints the reply and exits 0. Before,
// it waited for a response with the id, then exited 6 ("delivery
// unknown") although the reply had arrived.
func TestSendWaitWithoutAnIDdResponse(t *testing.T) {
	for _, c := range []struct {
		name string
		echo bool
	}{{"echo", true}, {"receipt only", false}} {
		t.Run(c.name, func(t *testing.T) {
			url := serveSpec(t, &specPeer{script: turnAfter(c.echo)})
			r := newProfile(t, url).run("", "send", "--wait", "say hello")
			r.expect(t, headless.ExitOK)
			if got := r.stdout.String(); got != "Hello, world!\n" {
				t.Fatalf("stdout %q, want the reply", got)
			}
		})
	}
}
