package headless_test

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/headless"
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
