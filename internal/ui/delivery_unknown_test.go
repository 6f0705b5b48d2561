package ui

import (
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

// A message.send whose connection dropped before the answer is "delivery
// unknown". On the next online the UI asks for that lane's newest page (here
// while another lane is focused, so only the unknown message asks for it)
// and the page settles it: the user's message with the same text, stamped
// after the attempt, means it arrived (✓); anything else leaves it unsent
// with its cause and the resend hint. It is never sent a second time by itself.
func TestDeliveryUnknownSettledOnReconnect(t *testing.T) {
	cron := frame.Lane{ChatID: "android:chan_7"}
	for _, tc := range []struct {
		name   string
		pageTS int64 // the user message's time in the newest page
		want   string
		gone   string
		copies int // of the message on screen
	}{
		{"arrived", ms(30, 2), "You · 09:30 ✓", "not sent", 1},
		{"lost", ms(20, 0), "You · 09:30 ✗ not sent: connection lost before the gateway answered (", "You · 09:30 ✓", 2}, // an older twin is not this attempt
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 120, 40)
			var mu sync.Mutex
			var page []frame.Message
			h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
				switch f.Type {
				case frame.TypeMessageSend:
					return frame.Frame{}, wsclient.ErrConnectionLost
				case frame.TypeHistory:
					mu.Lock()
					defer mu.Unlock()
					if f.Lane() == lane0 {
						return frame.Frame{Type: f.Type, Payload: &frame.History{Messages: page}}, nil
					}
					return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
				}
				return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
			}
			h.online()
			h.typeText("did it arrive")
			h.key(tea.KeyEnter, 0)
			h.mustShow("? delivery unknown: connection lost before the gateway answered (")
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting}))
			h.run(h.m.handleAction(common.ActionOpenLane{Lane: cron}))

			mu.Lock()
			page = []frame.Message{
				{MessageID: "u1", Role: frame.RoleUser, Text: "did it arrive", TS: tc.pageTS},
				{MessageID: "a1", Role: frame.RoleAssistant, Text: "an answer", TS: ms(30, 5)},
			}
			mu.Unlock()
			before := len(h.requestsOf(frame.TypeHistory))
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
			asked := false
			for _, f := range h.requestsOf(frame.TypeHistory)[before:] {
				asked = asked || f.Lane() == lane0
			}
			if !asked {
				t.Fatal("coming online did not ask for the unknown message's lane history")
			}

			h.run(h.m.handleAction(common.ActionOpenLane{Lane: lane0}))
			screen := h.plain()
			if !strings.Contains(screen, tc.want) || strings.Contains(screen, tc.gone) || strings.Contains(screen, "delivery unknown") ||
				strings.Count(screen, "did it arrive") != tc.copies {
				t.Fatalf("want %q, %d copies, and neither %q nor delivery unknown:\n%s", tc.want, tc.copies, tc.gone, screen)
			}
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting}))
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
			if n := len(h.requestsOf(frame.TypeMessageSend)); n != 1 {
				t.Fatalf("message.send went out %d times without the user asking", n)
			}
		})
	}
}
