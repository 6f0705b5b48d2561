package gatewaysim

import (
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/wstest"
)

// readFrames reads and decodes n text frames from ws.
func readFrames(b *testing.B, ws *websocket.Conn, n int) {
	for range n {
		_, data, err := ws.ReadMessage()
		if err != nil {
			b.Error(err)
			return
		}
		if _, err := frame.Decode(data, frame.FromServer); err != nil {
			b.Error(err)
			return
		}
	}
}

// rawGorilla measures the baseline: a bare gorilla server writing n
// pre-encoded frames in a loop to a reader that decodes them.
func rawGorilla(b *testing.B, data []byte, n int) time.Duration {
	url := wstest.Serve(b, func(ws *websocket.Conn) {
		for range n {
			if ws.WriteMessage(websocket.TextMessage, data) != nil {
				return
			}
		}
		ws.ReadMessage() // wait for the client to hang up
	})
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	start := time.Now()
	readFrames(b, ws, n)
	return time.Since(start)
}

// BenchmarkBroadcast pushes small frames through Server.Broadcast to one
// connected device over loopback and reports frames/s and the cost relative
// to a bare gorilla write loop measured in the same run.
func BenchmarkBroadcast(b *testing.B) {
	f := notify("build finished")
	data, err := frame.Encode(f)
	if err != nil {
		b.Fatal(err)
	}
	base := rawGorilla(b, data, b.N)

	s := New(Config{Token: testToken})
	url, err := s.Start("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	hello, _ := frame.Encode(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{Token: testToken, DeviceID: "bench"}})
	if err := ws.WriteMessage(websocket.TextMessage, hello); err != nil {
		b.Fatal(err)
	}
	readFrames(b, ws, 2) // hello.ack, status

	b.ResetTimer()
	start := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		readFrames(b, ws, b.N)
	}()
	for range b.N {
		s.Broadcast(f)
	}
	<-done
	sim := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/sim.Seconds(), "frames/s")
	b.ReportMetric(sim.Seconds()/base.Seconds(), "x_raw_gorilla")
}
