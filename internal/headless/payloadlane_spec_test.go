package headless_test

import (
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/headless"
)

// TestSendWaitFindsAReplyAddressedInThePayload: a gateway that puts
// chat_id/thread_id in the payload of every frame of the turn (the
// envelope allows it) gets its reply found and printed; before, only the
// echo (a message) reached the lane, the streamed reply was dropped and
// send --wait exited 7.
func TestSendWaitFindsAReplyAddressedInThePayload(t *testing.T) {
	lane := `"chat_id":"` + specChat + `","thread_id":null`
	url := serveSpec(t, &specPeer{script: func(c *specConn, f frame.Frame) {
		p, ok := f.Payload.(*frame.MessageSend)
		if !ok {
			return
		}
		c.send(`{"type":"message","id":%d,"payload":{%s,"message_id":"m_9001","role":"user","text":%q}}`, f.ID, lane, p.Text)
		c.send(`{"type":"read.receipt","payload":{%s,"message_id":"m_9001"}}`, lane)
		c.send(`{"type":"agent.busy","payload":{%s,"reason":"processing"}}`, lane)
		c.send(`{"type":"message.start","payload":{%s,"message_id":"m_9002","role":"assistant"}}`, lane)
		c.send(`{"type":"message.update","payload":{%s,"message_id":"m_9002","text":"Hello"}}`, lane)
		c.send(`{"type":"message.stop","payload":{%s,"message_id":"m_9002","final_text":"Hello, world!"}}`, lane)
		c.send(`{"type":"agent.idle","payload":{%s}}`, lane)
	}})
	r := newProfile(t, url).run("", "send", "--wait", "say hello")
	r.expect(t, headless.ExitOK)
	if got := r.stdout.String(); got != "Hello, world!\n" {
		t.Fatalf("stdout %q, want the reply", got)
	}
}
