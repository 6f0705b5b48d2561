package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// stopFromAnotherDevice has device id stop the agent in the default lane
// once the reply streams there (it waits for the first message.update).
func stopFromAnotherDevice(t *testing.T, url string) {
	t.Helper()
	c, err := wsclient.New(wsclient.Config{URL: url, Token: "tok", DeviceID: "dev_stopper"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan struct{})
	go func() { _ = c.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("no reply streamed: %v", err)
		}
		if fe, ok := ev.(*wsclient.FrameEvent); ok && fe.Frame.Type == frame.TypeMessageUpdate {
			stop := frame.Frame{Type: frame.TypeAgentStop, ChatID: frame.Some(gatewaysim.DefaultChatID), ThreadID: frame.Null(), Payload: &frame.Empty{}}
			if _, err := c.Request(ctx, stop); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}

// TestReplyStoppedOnAnotherDeviceIsMarkedStopped: a reply another device
// stopped shows "■ stopped" in the TUI, from message.stop's "interrupted"
// (extension turn_interrupted); a gateway of the spec alone cannot say so,
// and the partial reply then looks finished.
func TestReplyStoppedOnAnotherDeviceIsMarkedStopped(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		e := simWith(t, gatewaysim.Config{Dialect: d, StreamInterval: 30 * time.Millisecond})
		e.typeText("write a long answer")
		e.key(tea.KeyEnter, 0)
		stopFromAnotherDevice(t, e.url)
		e.until("the stopped reply", func() bool {
			ln := e.st.Lane(e.m.Lane())
			last := ln.Item(ln.Len() - 1)
			return !ln.Busy && last.Msg != nil && last.Msg.Role == frame.RoleAssistant && !last.Msg.Streaming
		})
		if d == gatewaysim.DialectSpec {
			e.mustNotShow("■ stopped")
		} else {
			e.until("the stopped mark", e.shows("■ stopped"))
		}
	})
}
