package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// stopEnv dials a scripted gateway that answers agent.stop with answer
// (on its goroutine), makes the default lane busy and presses esc, which
// stops its agent. Requests give up after 200 ms.
func stopEnv(t *testing.T, answer func(g *scriptedGW, req frame.Frame)) *simEnv {
	t.Helper()
	g := newScriptedGW(t)
	g.On(frame.TypeAgentStop, func(req frame.Frame) { answer(g, req) })
	e := g.dial(withTimeout(200 * time.Millisecond))
	g.Send(frame.Frame{Type: frame.TypeAgentBusy, ChatID: frame.Some(chat), ThreadID: frame.Null(), Payload: &frame.AgentBusy{Reason: "processing"}})
	e.until("the busy lane", e.busy)
	e.key(tea.KeyEscape, 0) // runs the request to its end
	return e
}

// TestStopToASpecGatewayIsNotAFailure: the spec gives agent.stop no
// response; a gateway that stops the turn and says so with the lane's
// agent.idle (no id, as the spec's example) has done all it can. Before,
// the TUI waited for a response with the id and said "stop failed:
// context deadline exceeded" although the agent had stopped.
func TestStopToASpecGatewayIsNotAFailure(t *testing.T) {
	e := stopEnv(t, func(g *scriptedGW, _ frame.Frame) {
		g.Send(frame.Frame{Type: frame.TypeAgentIdle, ChatID: frame.Some(chat), ThreadID: frame.Null(), Payload: &frame.Empty{}})
	})
	e.until("the idle lane", func() bool { return !e.busy() })
	e.mustNotShow("failed", "deadline")
}

// TestStopRefusedByAnErrorWithItsID: an error carrying agent.stop's id
// still says the stop failed, with the gateway's reason.
func TestStopRefusedByAnErrorWithItsID(t *testing.T) {
	e := stopEnv(t, func(g *scriptedGW, req frame.Frame) { g.Refuse(req, frame.CodeNotFound, "no turn to stop") })
	e.until("the refusal", e.shows("stop failed"))
	e.until("its reason", e.shows("no turn to stop"))
}

// TestStopToASilentGatewaySaysNotConfirmed: nothing at all follows the
// agent.stop and the agent goes on: the status says the stop was sent and
// not confirmed (not that it failed), so the user knows to try again.
func TestStopToASilentGatewaySaysNotConfirmed(t *testing.T) {
	e := stopEnv(t, func(*scriptedGW, frame.Frame) {})
	e.until("the note", e.shows("stop sent, not confirmed"))
	e.mustNotShow("failed")
}
