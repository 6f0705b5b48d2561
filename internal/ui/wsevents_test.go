package ui

import (
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestClientEventsMsgIsTheOneInboundPath: the model takes the client's
// events only inside a ClientEventsMsg, as internal/app/client.go's bridge sends them; a
// bare event is no message of the model's and changes nothing.
func TestClientEventsMsgIsTheOneInboundPath(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	live := msgFrame("a1", frame.RoleAssistant, "through the bridge", ms(1, 0))
	h.m.Update(&wsclient.FrameEvent{Frame: live})
	h.m.Update(&wsclient.StateEvent{State: wsclient.StateReconnecting})
	h.mustNotShow("through the bridge", "reconnecting")
	h.mustShow("● online")
	h.send(inbound(live, &wsclient.StateEvent{State: wsclient.StateReconnecting}))
	h.mustShow("through the bridge", "reconnecting")
}
