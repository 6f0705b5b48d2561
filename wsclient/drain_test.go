package wsclient_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestDrainDeliversWhatTheGatewayWroteBeforeAnsweringTheClose: with
// Config.Drain, the end of Run's ctx sends a WebSocket close, and the
// frames the gateway writes before answering it still reach the consumer
// (a successor connection of the device would never get them); without
// it the socket closes at once and the gateway writes nothing more.
func TestDrainDeliversWhatTheGatewayWroteBeforeAnsweringTheClose(t *testing.T) {
	for _, drain := range []time.Duration{0, 2 * time.Second} {
		t.Run(fmt.Sprint("drain ", drain), func(t *testing.T) {
			rs := startRawScript(t, rawScript{afterSync: func(ws *websocket.Conn) {
				ws.SetCloseHandler(func(code int, _ string) error {
					for i := 2; i <= 5; i++ {
						data, _ := frame.Encode(frame.Frame{Type: frame.TypeNotification, Payload: &frame.Notification{Kind: "generic", Body: fmt.Sprint("n", i)}})
						ws.WriteMessage(websocket.TextMessage, data)
					}
					return ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
				})
			}})
			c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) { cfg.Drain = drain }))
			col := collect(t, c.Client)
			rc := rs.accept(t)
			rc.sendFrame(frame.Frame{Type: frame.TypeNotification, Payload: &frame.Notification{Kind: "generic", Body: "n1"}})
			col.wait(t, 0, "n1", func(ev wsclient.Event) bool { return len(notes([]wsclient.Event{ev})) == 1 })
			if err := c.stop(t); err != nil {
				t.Fatal(err)
			}
			col.wait(t, 0, "the stop", isState(wsclient.StateStopped))
			want := []string{"n1"}
			if drain > 0 {
				want = []string{"n1", "n2", "n3", "n4", "n5"}
			}
			if got := notes(col.all()); !slices.Equal(got, want) {
				t.Fatalf("delivered %v, want %v", got, want)
			}
		})
	}
}

// notes are the notification bodies among evs.
func notes(evs []wsclient.Event) []string {
	var out []string
	for _, ev := range evs {
		if fe, ok := ev.(*wsclient.FrameEvent); ok {
			if n, ok := fe.Frame.Payload.(*frame.Notification); ok {
				out = append(out, n.Body)
			}
		}
	}
	return out
}
