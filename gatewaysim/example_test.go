package gatewaysim_test

import (
	"fmt"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// A simulator on a loopback port, paired with by a raw WebSocket client.
func Example() {
	sim := gatewaysim.New(gatewaysim.Config{Token: "T", Seed: true})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer sim.Close()

	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		panic(err)
	}
	defer ws.Close()
	hello, _ := frame.Encode(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{
		Token: "T", DeviceID: "dev_example", Caps: frame.Caps{MinProtocol: 1},
	}})
	ws.WriteMessage(websocket.TextMessage, hello)
	_, data, _ := ws.ReadMessage()
	ack, _ := frame.Decode(data, frame.FromServer)
	for _, ch := range ack.Payload.(*frame.HelloAck).Channels {
		fmt.Printf("%-16s %-8s %s\n", ch.Name, ch.Kind, ch.Lane())
	}
	// Output:
	// Default          default  iris:default
	// Ops              channel  iris:chan_1
	// Research         channel  iris:chan_2
	// Deploy checklist thread   iris:chan_1/t_1
}
