package wsclient_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// TestSlowConsumerKeepsEveryTerminalFrameInOrder floods a small event queue
// with streams whose consumer is slow: every terminal frame arrives, in the
// broadcast order; updates never go backwards, and the last text seen
// before each message.stop is that message's final text.
func TestSlowConsumerKeepsEveryTerminalFrameInOrder(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		c := start(t, newClient(t, url, func(cfg *wsclient.Config) { cfg.QueueSize = 8 }))
		ctx := context.Background()
		next := func() wsclient.Event {
			ev, err := c.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return ev
		}
		for {
			if se, ok := next().(*wsclient.CursorEvent); ok && se != nil {
				break
			}
		}

		lane := func(f frame.Frame) frame.Frame {
			f.ChatID, f.ThreadID = frame.Some(defaultChat), frame.Null()
			return f
		}
		var wantTerminal []string
		const messages, updates = 5, 300
		for m := range messages {
			id := fmt.Sprintf("m_%d", m)
			sim.Broadcast(lane(frame.Frame{Type: frame.TypeMessageStart, Payload: &frame.MessageStart{MessageID: id, Role: "assistant"}}))
			wantTerminal = append(wantTerminal, "message.start "+id)
			for u := 1; u <= updates; u++ {
				sim.Broadcast(lane(frame.Frame{Type: frame.TypeMessageUpdate, Payload: &frame.MessageUpdate{MessageID: id, Text: strings.Repeat("w", u)}}))
				if u%50 == 0 {
					sim.Broadcast(lane(frame.Frame{Type: frame.TypeToolProgress, Payload: &frame.ToolProgress{Index: m, Note: fmt.Sprint(u)}}))
				}
				if u%100 == 0 {
					sim.Broadcast(lane(frame.Frame{Type: frame.TypeToolEnd, Payload: &frame.ToolEnd{Index: u}}))
					wantTerminal = append(wantTerminal, fmt.Sprintf("tool.end %d", u))
				}
			}
			sim.Broadcast(lane(frame.Frame{Type: frame.TypeMessageStop, Payload: &frame.MessageStop{MessageID: id, FinalText: strings.Repeat("w", updates)}}))
			wantTerminal = append(wantTerminal, "message.stop "+id)
		}

		var gotTerminal []string
		lastLen := map[string]int{}
		delivered, work := 0, 0
		for len(gotTerminal) < len(wantTerminal) {
			fe, ok := next().(*wsclient.FrameEvent)
			if !ok {
				continue
			}
			delivered++
			switch p := fe.Frame.Payload.(type) {
			case *frame.MessageUpdate:
				if len(p.Text) <= lastLen[p.MessageID] {
					t.Fatalf("%s went back from %d to %d characters", p.MessageID, lastLen[p.MessageID], len(p.Text))
				}
				lastLen[p.MessageID] = len(p.Text)
			case *frame.MessageStart:
				gotTerminal = append(gotTerminal, "message.start "+p.MessageID)
			case *frame.ToolEnd:
				gotTerminal = append(gotTerminal, fmt.Sprintf("tool.end %d", p.Index))
			case *frame.MessageStop:
				if lastLen[p.MessageID] != updates {
					t.Fatalf("%s stopped after an update of %d characters, want the final %d", p.MessageID, lastLen[p.MessageID], updates)
				}
				gotTerminal = append(gotTerminal, "message.stop "+p.MessageID)
			}
			// A slow consumer: some work per event.
			work += len(strings.Repeat("x", 1<<14))
		}
		if fmt.Sprint(gotTerminal) != fmt.Sprint(wantTerminal) {
			t.Fatalf("terminal frames\n got %v\nwant %v", gotTerminal, wantTerminal)
		}
		t.Logf("%d frames broadcast, %d delivered after coalescing (%d bytes of busy work)", messages*(updates+2+updates/50+updates/100), delivered, work)
	})
}
