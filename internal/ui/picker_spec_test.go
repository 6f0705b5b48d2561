package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/dialog"
)

// The spec gives picker.select no response: these tests answer a picker
// on a real socket to a scripted gateway that never replies to it.

// specAnswerEnv dials a scripted gateway that stays silent on picker.select
// (running then, if set, on its goroutine), raises an approval and waits
// for its dialog. Requests give up after 200 ms.
func specAnswerEnv(t *testing.T, log *fakeAudit, then func(g *scriptedGW)) (*scriptedGW, *simEnv) {
	t.Helper()
	g := newScriptedGW(t)
	g.On(frame.TypePickerSelect, func(frame.Frame) {
		if then != nil {
			then(g)
		}
	})
	e := g.dial(withAudit(log), withTimeout(200*time.Millisecond))
	g.Send(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	e.until("the approval", func() bool { return e.m.DialogOpen() == dialog.PickerDialogID })
	return g, e
}

// runLive runs cmd as the program does: its commands on goroutines (a
// request blocks there), their messages and the client's events fed to
// the model as they come, until cond holds; cond is told how many
// picker.select outcomes the model got so far.
func (e *simEnv) runLive(cmd tea.Cmd, what string, cond func(answered int) bool) {
	e.t.Helper()
	msgs := make(chan tea.Msg, 64)
	start := func(c tea.Cmd) {
		if c != nil {
			go func() { msgs <- c() }()
		}
	}
	start(cmd)
	answered := 0
	deadline := time.After(10 * time.Second)
	for !cond(answered) {
		select {
		case msg := <-msgs:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					start(c)
				}
			default:
				if _, ok := msg.(session.Answered); ok {
					answered++
				}
				_, next := e.m.Update(msg)
				start(next)
			}
		case ev := <-e.events:
			_, next := e.m.Update(inbound(ev))
			start(next)
		case <-deadline:
			e.t.Fatalf("timed out waiting for %s; screen:\n%s", what, e.plain())
		}
	}
}

// TestPickerAnswerAcceptedWhenTheAgentGoesOn: the agent going on in the
// lane (tool.start) while the picker.select waits accepts the answer at
// once, and the silence the request ends in changes nothing: never "not
// delivered", and the audit log says accepted once.
func TestPickerAnswerAcceptedWhenTheAgentGoesOn(t *testing.T) {
	log := &fakeAudit{}
	_, e := specAnswerEnv(t, log, func(g *scriptedGW) {
		g.Send(on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "rm -rf build/"}))
	})
	_, cmd := e.m.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	early := false // accepted and audited while the request still waited
	e.runLive(cmd, "the request's end (nothing comes back)", func(answered int) bool {
		if es := log.all(); answered == 0 && len(es) == 1 && es[0].Result == audit.Accepted && es[0].PickerID == "pa_1" {
			early = e.shows("◆ approved once: rm -rf build/")()
		}
		return answered == 1
	})
	if !early {
		t.Fatalf("not accepted while the request waited; audit %+v", log.all())
	}
	e.mustShow("◆ approved once: rm -rf build/")
	e.mustNotShow("not delivered", "not confirmed", "answering…")
	if es := log.all(); len(es) != 1 {
		t.Fatalf("audit after the silence: %+v", es)
	}
	if e.m.DialogOpen() != "" || len(e.st.AllPickers()) != 0 {
		t.Fatalf("still pending: dialog %q", e.m.DialogOpen())
	}
}

// TestPickerAnswerSentNotConfirmedThenAccepted: silence with the agent
// not going on yet is "sent, not confirmed": the question stays
// answerable, the audit log says so, and the agent going on later accepts
// the answer.
func TestPickerAnswerSentNotConfirmedThenAccepted(t *testing.T) {
	log := &fakeAudit{}
	g, e := specAnswerEnv(t, log, nil)
	e.typeText("1")
	e.mustShow("answer sent, not confirmed yet", "your answer was sent, not confirmed yet", "◆ answer sent, not confirmed: rm -rf build/")
	e.mustNotShow("not delivered", "approved")
	if e.m.DialogOpen() != dialog.PickerDialogID || len(e.st.AllPickers()) != 1 {
		t.Fatalf("the picker is not answerable: dialog %q", e.m.DialogOpen())
	}
	g.Send(on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "rm -rf build/"}))
	e.until("the answer accepted", e.shows("◆ approved once: rm -rf build/"))
	if e.m.DialogOpen() != "" || len(e.st.AllPickers()) != 0 {
		t.Fatalf("still pending: dialog %q", e.m.DialogOpen())
	}
	es := log.all()
	if len(es) != 2 || es[0].Result != audit.NotConfirmed || es[1].Result != audit.Accepted {
		t.Fatalf("audit %+v", es)
	}
}

// TestSteerToASilentGatewayIsSent: the spec gives agent.steer no response
// either; written to the socket, a steer nothing answers is sent (✓), not
// "delivery unknown".
func TestSteerToASilentGatewayIsSent(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial(withTimeout(200 * time.Millisecond))
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	e.until("busy", e.busy)
	e.say("focus on the error case")
	if got := g.Sent(frame.TypeAgentSteer); len(got) != 1 {
		t.Fatalf("steers %v", got)
	}
	if !e.outgoingEmpty() {
		t.Fatalf("the steer still waits: %+v", e.st.Outgoing())
	}
	e.mustShow("focus on the error case")
	e.mustNotShow("delivery unknown", "not sent")
}
