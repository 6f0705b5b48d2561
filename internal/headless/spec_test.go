package headless_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/headless"
)

// TestSendWaitFindsTheReplyOfASpecGateway: the spec's message.start has
// no reply_to; the reply is the first assistant turn after the echo, so
// send --wait prints it and exits 0 (it used to print nothing and exit 7).
func TestSendWaitFindsTheReplyOfASpecGateway(t *testing.T) {
	url := serveSpec(t, &specPeer{script: specTurn("Hello", "Hello, world!")})
	r := newProfile(t, url).run("", "send", "--wait", "say hello")
	r.expect(t, headless.ExitOK)
	if got := r.stdout.String(); got != "Hello, world!\n" {
		t.Fatalf("stdout %q, want the reply", got)
	}
}

// TestSendWaitPrintsTheFinalTextThatRevisesTheStream: message.stop's
// final_text is authoritative (it printed "Hello wor"). Into a pipe only
// it is written; on a terminal, where the stream was shown, it follows a
// note on stderr. The turn names its message with reply_to here, so the
// reply is found the old way too.
func TestSendWaitPrintsTheFinalTextThatRevisesTheStream(t *testing.T) {
	url := serveSpec(t, &specPeer{script: turnWith(`,"reply_to":"m_9001"`, "Hello wor", "Hello, world!")})
	r := newProfile(t, url).run("", "send", "--wait", "say hello")
	r.expect(t, headless.ExitOK)
	if got := r.stdout.String(); got != "Hello, world!\n" {
		t.Fatalf("piped stdout %q, want only the final text", got)
	}
	p := newProfile(t, url)
	p.terminal = true
	r = p.run("", "send", "--wait", "say hello")
	r.expect(t, headless.ExitOK)
	if got := r.stdout.String(); got != "Hello wor\nHello, world!\n" {
		t.Fatalf("terminal stdout %q, want the stream, then the final text", got)
	}
	if !strings.Contains(r.stderr.String(), "the agent revised its reply; the final text:") {
		t.Fatalf("no note on stderr: %q", r.stderr)
	}
}

// TestSendCarriesAClientMsgID: iris send sends through the TUI's sender
// path, so its message.send carries a client_msg_id.
func TestSendCarriesAClientMsgID(t *testing.T) {
	peer := &specPeer{script: specTurn("Hi", "Hi")}
	url := serveSpec(t, peer)
	newProfile(t, url).run("", "send", "hello").expect(t, headless.ExitOK)
	sends := peer.received(frame.TypeMessageSend)
	if len(sends) != 1 {
		t.Fatalf("%d message.send frames", len(sends))
	}
	if id := sends[0].Payload.(*frame.MessageSend).ClientMsgID; !strings.HasPrefix(id, "c_") {
		t.Fatalf("client_msg_id %q", id)
	}
}

// TestTailPrintsALiveDuplicateOnce: a gateway that sends a finished
// message twice live gets it printed once, as the TUI shows it once.
func TestTailPrintsALiveDuplicateOnce(t *testing.T) {
	url := serveSpec(t, &specPeer{synced: func(c *specConn) {
		for _, id := range []string{"m_1", "m_1", "m_2"} {
			c.send(`{"type":"message","chat_id":%q,"thread_id":null,"payload":{"message_id":%q,"role":"assistant","text":"text of %s","ts":1724000000000}}`, specChat, id, id)
		}
	}})
	r := runTailUntil(t, url, "text of m_2")
	if n := strings.Count(r.stdout.String(), "text of m_1"); n != 1 {
		t.Fatalf("m_1 printed %d times:\n%s", n, r.stdout)
	}
}

// TestTailJSONNamesTheMessageAReplyAnswers: tail --json says which user
// message a reply answers, found as send --wait finds it (no reply_to on
// the spec's turn frames).
func TestTailJSONNamesTheMessageAReplyAnswers(t *testing.T) {
	url := serveSpec(t, &specPeer{synced: func(c *specConn) {
		c.send(`{"type":"message","chat_id":%q,"thread_id":null,"payload":{"message_id":"m_1","role":"user","text":"hi","ts":1724000000000}}`, specChat)
		c.send(`{"type":"message.start","chat_id":%q,"payload":{"message_id":"m_2","role":"assistant"}}`, specChat)
		c.send(`{"type":"message.stop","chat_id":%q,"payload":{"message_id":"m_2","final_text":"hello"}}`, specChat)
	}})
	r := runTailUntil(t, url, `"message_id":"m_2"`, "--json")
	if !strings.Contains(r.stdout.String(), `"message_id":"m_2","chat_id":"android:default","text":"hello","role":"assistant","reply_to":"m_1"`) {
		t.Fatalf("no reply_to on the reply:\n%s", r.stdout)
	}
}

// runTailUntil runs iris tail against url until its stdout holds want.
func runTailUntil(t *testing.T, url, want string, args ...string) *result {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, done := newProfile(t, url).start(ctx, "", append([]string{"tail"}, args...)...)
	waitFor(t, want, func() bool { return strings.Contains(r.stdout.String(), want) })
	cancel()
	r.code = <-done
	r.expect(t, headless.ExitOK)
	return r
}
