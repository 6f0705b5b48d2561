package wsclient_test

import (
	"context"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// smallFrame is what the end-to-end benchmark streams: a typing frame
// (~80 bytes on the wire, never coalesced).
var smallFrame = frame.Frame{Type: frame.TypeTyping, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(), Payload: &frame.Typing{On: frame.Ptr(true)}}

// BenchmarkEndToEndFrames measures small frames per second from the
// simulator's Broadcast through wsclient (socket, decode, dedupe, queue,
// Next) over loopback (target ≥ 20,000/s). As a baseline in the same run it
// times a bare gorilla/websocket reader receiving the same frames from a
// fresh simulator, and reports wsclient's cost relative to it.
func BenchmarkEndToEndFrames(b *testing.B) {
	n := b.N
	base := rawReaderTime(b, n)
	client := wsclientTime(b, n)
	b.ReportMetric(float64(n)/client.Seconds(), "frames/s")
	b.ReportMetric(float64(n)/base.Seconds(), "baseline-frames/s")
	b.ReportMetric(float64(client)/float64(base), "ratio")
}

// broadcast sends n small frames from another goroutine.
func broadcast(sim *gatewaysim.Server, n int) {
	go func() {
		for range n {
			sim.Broadcast(smallFrame)
		}
	}()
}

func wsclientTime(b *testing.B, n int) time.Duration {
	sim, url := simtest.StartSim(b, gatewaysim.Config{})
	c := start(b, newClient(b, url, func(cfg *wsclient.Config) { cfg.Timing.DeadAfter = time.Minute }))
	ctx := context.Background()
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := ev.(*wsclient.CursorEvent); ok {
			break
		}
	}
	began := time.Now()
	broadcast(sim, n)
	for got := 0; got < n; {
		ev, err := c.Next(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if fe, ok := ev.(*wsclient.FrameEvent); ok && fe.Frame.Type == frame.TypeTyping {
			got++
		}
	}
	return time.Since(began)
}

func rawReaderTime(b *testing.B, n int) time.Duration {
	sim, url := simtest.StartSim(b, gatewaysim.Config{})
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	hello, _ := frame.Encode(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{Token: testToken, DeviceID: "dev_raw"}})
	if err := ws.WriteMessage(websocket.TextMessage, hello); err != nil {
		b.Fatal(err)
	}
	for range 2 { // hello.ack, status
		if _, _, err := ws.ReadMessage(); err != nil {
			b.Fatal(err)
		}
	}
	began := time.Now()
	broadcast(sim, n)
	for range n {
		if _, _, err := ws.ReadMessage(); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(began)
}
