package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// TestGatewayBusyInput: Ctrl+T cycles STEER → QUEUE → GATEWAY;
// under GATEWAY text sent while the agent is busy goes out at once as a
// plain message.send (no steer, nothing held), and the choice is
// remembered.
func TestGatewayBusyInput(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.mustShow("STEER")
	h.key('t', tea.ModCtrl)
	h.mustShow("QUEUE")
	h.key('t', tea.ModCtrl)
	h.mustShow("GATEWAY", "the gateway's busy mode decides")

	h.typeText("stop and do this")
	h.key(tea.KeyEnter, 0)
	sent := h.requestsOf(frame.TypeMessageSend)
	if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "stop and do this" {
		t.Fatalf("message.send while busy under GATEWAY: %+v", sent)
	}
	if n := len(h.requestsOf(frame.TypeAgentSteer)); n != 0 {
		t.Fatalf("%d steers under GATEWAY", n)
	}
	h.mustNotShow("queued")

	if got := New(Options{State: h.st}).Settings().BusyInput; got != common.BusyGateway {
		t.Fatalf("remembered policy %v", got)
	}
	h.key('t', tea.ModCtrl)
	h.mustShow("STEER")
}

// TestBusyInputFromOlderIris: the steer/queue toggle an older Iris stored
// still applies.
func TestBusyInputFromOlderIris(t *testing.T) {
	for stored, want := range map[string]common.BusyInput{"false": common.BusyQueue, "true": common.BusySteer} {
		st := store.New(store.Options{})
		st.SetSetting(settingSteer, stored)
		if got := New(Options{State: st}).Settings().BusyInput; got != want {
			t.Errorf("steer_when_busy=%s gives %v, want %v", stored, got, want)
		}
	}
}
