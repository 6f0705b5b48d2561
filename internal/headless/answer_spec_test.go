package headless_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/headless"
)

// specApproval is the approval a spec peer raises before its sync.done.
func specApproval(c *specConn) {
	c.send(`{"type":"picker.approval","chat_id":%q,"payload":{"picker_id":"pa_1","command":"rm -rf ./build","description":"recursive delete","timeout_s":300}}`, specChat)
}

// auditResults lists the results the profile's audit log holds.
func auditResults(t *testing.T, p *profile) []audit.Result {
	t.Helper()
	es, bad, err := audit.Read(p.audit, time.Time{})
	if err != nil || bad != 0 {
		t.Fatal(err, bad)
	}
	var out []audit.Result
	for _, e := range es {
		if e.PickerID != "pa_1" || e.Answer != "once" || e.Via != "iris answer" {
			t.Fatalf("entry %+v", e)
		}
		out = append(out, e.Result)
	}
	return out
}

// TestAnswerIsAcceptedWhenTheAgentGoesOn: a spec gateway sends nothing
// back for picker.select; the agent going on in the lane (tool.start)
// accepts the answer: exit 0 at once, audited as accepted (it used to
// wait 30 s, exit 6 and audit a failure).
func TestAnswerIsAcceptedWhenTheAgentGoesOn(t *testing.T) {
	url := serveSpec(t, &specPeer{replay: specApproval, script: func(c *specConn, f frame.Frame) {
		if f.Type == frame.TypePickerSelect {
			c.send(`{"type":"tool.start","chat_id":%q,"payload":{"index":3,"name":"terminal","preview":"rm -rf ./build","args":{"command":"rm -rf ./build"}}}`, specChat)
		}
	}})
	p := newProfile(t, url)
	r := p.run("", "answer", "pa_1", "once")
	r.expect(t, headless.ExitOK)
	if !strings.Contains(r.stderr.String(), "✓ answered pa_1 with once") {
		t.Fatalf("stderr %q", r.stderr)
	}
	if got := auditResults(t, p); len(got) != 1 || got[0] != audit.Accepted {
		t.Fatalf("audit %v", got)
	}
}

// TestAnswerToASilentGatewayIsSentNotConfirmed: nothing at all follows
// the answer: it was sent, not confirmed, which is not a failure (exit
// 0, audited as not-confirmed, the picker still listed as waiting).
func TestAnswerToASilentGatewayIsSentNotConfirmed(t *testing.T) {
	url := serveSpec(t, &specPeer{replay: specApproval})
	p := newProfile(t, url)
	r := p.run("", "answer", "pa_1", "once")
	r.expect(t, headless.ExitOK)
	if !strings.Contains(r.stderr.String(), "answered pa_1 with once: sent, not confirmed") {
		t.Fatalf("stderr %q", r.stderr)
	}
	if got := auditResults(t, p); len(got) != 1 || got[0] != audit.NotConfirmed {
		t.Fatalf("audit %v", got)
	}
	if r := p.run("", "pickers"); !strings.Contains(r.stdout.String(), "pa_1") {
		t.Fatalf("the picker is no longer listed:\n%s", r.stdout)
	}
}

// TestAnswerRefusedByAnErrorWithItsID: an error frame with the
// picker.select's id refuses the answer (exit 6, audited as refused).
func TestAnswerRefusedByAnErrorWithItsID(t *testing.T) {
	url := serveSpec(t, &specPeer{replay: specApproval, script: func(c *specConn, f frame.Frame) {
		if f.Type == frame.TypePickerSelect {
			c.send(`{"type":"error","id":%d,"payload":{"code":"internal","message":"approval store down"}}`, f.ID)
		}
	}})
	p := newProfile(t, url)
	r := p.run("", "answer", "pa_1", "once")
	r.expect(t, headless.ExitDelivery)
	if !strings.Contains(r.stderr.String(), "the gateway refused the answer: internal: approval store down") {
		t.Fatalf("stderr %q", r.stderr)
	}
	if got := auditResults(t, p); len(got) != 1 || got[0] != audit.Refused {
		t.Fatalf("audit %v", got)
	}
}

// TestSendWaitPolicyAnswerToASpecGateway: send --wait --policy against a
// gateway that never replies to picker.select: the policy's answer is
// accepted as the agent goes on, and the reply that follows is printed.
func TestSendWaitPolicyAnswerToASpecGateway(t *testing.T) {
	url := serveSpec(t, &specPeer{script: func(c *specConn, f frame.Frame) {
		switch p := f.Payload.(type) {
		case *frame.MessageSend:
			c.send(`{"type":"message","id":%d,"chat_id":%q,"thread_id":null,"payload":{"message_id":"m_9001","role":"user","text":%q}}`, f.ID, specChat, p.Text)
			c.send(`{"type":"read.receipt","chat_id":%q,"payload":{"message_id":"m_9001"}}`, specChat)
			c.send(`{"type":"picker.approval","chat_id":%q,"payload":{"picker_id":"pa_1","command":"rm -rf build-cache","timeout_s":300}}`, specChat)
		case *frame.PickerSelect:
			c.send(`{"type":"tool.start","chat_id":%q,"payload":{"index":1,"name":"terminal","preview":"rm -rf build-cache"}}`, specChat)
			c.send(`{"type":"tool.end","chat_id":%q,"payload":{"index":1,"name":"terminal","ok":true,"duration":0.1}}`, specChat)
			c.send(`{"type":"message.start","chat_id":%q,"payload":{"message_id":"m_9002","role":"assistant"}}`, specChat)
			c.send(`{"type":"message.stop","chat_id":%q,"payload":{"message_id":"m_9002","final_text":"Cache removed."}}`, specChat)
			c.send(`{"type":"agent.idle","chat_id":%q,"thread_id":null,"payload":{}}`, specChat)
		}
	}})
	p := newProfile(t, url)
	r := p.run("", "send", "--wait", "--policy", writePolicy(t, testPolicy), "clear the cache")
	r.expect(t, headless.ExitOK)
	if r.stdout.String() != "Cache removed.\n" || !strings.Contains(r.stderr.String(), "with once (rule cache)") {
		t.Fatalf("stdout %q\nstderr %q", r.stdout, r.stderr)
	}
	if strings.Contains(r.stderr.String(), "not confirmed") {
		t.Fatalf("the answer was not accepted as the agent went on: %q", r.stderr)
	}
}

// TestAnswerInterruptedWhileWaitingSaysItWasSent: Ctrl+C while nothing has
// confirmed the answer yet exits 130, saying the answer was sent.
func TestAnswerInterruptedWhileWaitingSaysItWasSent(t *testing.T) {
	peer := &specPeer{replay: specApproval}
	url := serveSpec(t, peer)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, done := newProfile(t, url).start(ctx, "", "answer", "pa_1", "once")
	waitFor(t, "the picker.select", func() bool { return len(peer.received(frame.TypePickerSelect)) == 1 })
	cancel()
	r.code = <-done
	r.expect(t, headless.ExitInterrupted)
	if !strings.Contains(r.stderr.String(), "interrupted; the answer to pa_1 was sent, not confirmed") {
		t.Fatalf("stderr %q", r.stderr)
	}
}
