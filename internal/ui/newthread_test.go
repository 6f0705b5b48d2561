package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// TestNewThreadOnABusyLaneIsSentAtOnce: a message that starts a new thread
// is never a steer nor queued behind the busy parent lane's turn.
func TestNewThreadOnABusyLaneIsSentAtOnce(t *testing.T) {
	for _, steer := range []bool{true, false} {
		t.Run(onOff(steer, "steer", "queue"), func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.m.com.Settings.BusyInput = common.BusyQueue
			if steer {
				h.m.com.Settings.BusyInput = common.BusySteer
			}
			h.online()
			h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "waiting_input"}))
			h.mustShow(onOff(steer, "STEER", "QUEUE"))
			h.key('t', tea.ModAlt)
			h.mustShow("NEW THREAD")
			h.mustNotShow("STEER", "QUEUE")
			h.typeText("a side question")
			h.key(tea.KeyEnter, 0)
			sent := h.requestsOf(frame.TypeMessageSend)
			if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).AutoThread == nil ||
				sent[0].Payload.(*frame.MessageSend).Text != "a side question" {
				t.Fatalf("message.send with auto_thread not sent while the parent is busy: %v", sent)
			}
			if n := len(h.requestsOf(frame.TypeAgentSteer)); n != 0 {
				t.Fatalf("a new thread's message steered the parent (%d steers)", n)
			}
			h.mustNotShow("NEW THREAD", "queued")
			h.typeText("back in the parent")
			h.key(tea.KeyEnter, 0)
			if n := len(h.requestsOf(frame.TypeMessageSend)); n != 1 {
				t.Fatalf("the parent's next message did not wait or steer: %d sends", n)
			}
		})
	}
}
