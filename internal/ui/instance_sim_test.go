package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/gatewaysim"
)

// TestGatewayCrashWithANewInstanceWithdrawsAWaitingPicker: the gateway is
// killed and started again without announcing it, its cursors kept; only
// hello.ack's new instance_id tells. The approval it forgot is recorded
// as withdrawn by the gateway and the lane stops waiting for an answer.
func TestGatewayCrashWithANewInstanceWithdrawsAWaitingPicker(t *testing.T) {
	e := simWith(t, gatewaysim.Config{})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.sim.Crash()
	e.reconnectPastGrace()
	e.until("the withdrawn record", e.shows("◆ withdrawn by the gateway (it restarted): rm the cache"))
	e.mustNotShow("another device")
	if len(e.st.AllPickers()) != 0 {
		t.Fatalf("still pending: %+v", e.st.AllPickers())
	}
	e.until("the lane settled", func() bool { return len(e.st.Unsettled()) == 0 })
}

// TestSameInstanceReconnectKeepsAWaitingPicker: a network blip (same
// instance_id on reconnect) leaves the approval pending: it is still live.
func TestSameInstanceReconnectKeepsAWaitingPicker(t *testing.T) {
	e := simWith(t, gatewaysim.Config{})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.sim.DropConnections()
	e.reconnectPastGrace()
	if len(e.st.AllPickers()) != 1 {
		t.Fatalf("the live approval was ended: %+v", e.st.AllPickers())
	}
	e.mustNotShow("withdrawn")
}
