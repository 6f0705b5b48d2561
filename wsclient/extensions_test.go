package wsclient_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestAnswerByOnlyToAGatewayOfferingPickerAnswered: picker.select's
// extension field `by` goes on the wire only when the gateway's hello.ack
// named picker_answered in server_caps; to a gateway without it (or with
// it false) the answer is the spec's {picker_id, value}.
func TestAnswerByOnlyToAGatewayOfferingPickerAnswered(t *testing.T) {
	for _, c := range []struct {
		ack    string
		withBy bool
	}{
		{`{"type":"hello.ack","payload":{"server_caps":{"pickers":true},"sync_cursor":7}}`, false},
		{`{"type":"hello.ack","payload":{"server_caps":{"pickers":true,"picker_answered":false},"sync_cursor":7}}`, false},
		{`{"type":"hello.ack","payload":{"server_caps":{"pickers":true,"picker_answered":true},"sync_cursor":7}}`, true},
	} {
		var mu sync.Mutex
		var sent []string
		rs := startRawAck(t, c.ack)
		cl := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
			cfg.OnFrame = func(outgoing bool, data []byte) {
				if outgoing {
					mu.Lock()
					sent = append(sent, string(data))
					mu.Unlock()
				}
			}
		}))
		col := collect(t, cl.Client)
		rc := rs.accept(t)
		col.wait(t, 0, "online", isState(wsclient.StateOnline))
		sel := &frame.PickerSelect{PickerID: "pm_1", Value: "local/qwen3-27b", By: &frame.AnswerBy{DeviceName: "laptop"}}
		if err := cl.Send(frame.Frame{Type: frame.TypePickerSelect, Payload: sel}); err != nil {
			t.Fatal(err)
		}
		got := rc.next(t)
		if got.Type != frame.TypePickerSelect {
			t.Fatalf("sent %s", got.Type)
		}
		var raw string
		mu.Lock()
		for _, d := range sent {
			if strings.Contains(d, `"picker.select"`) {
				raw = d
			}
		}
		mu.Unlock()
		if has := strings.Contains(raw, `"by"`); has != c.withBy || (got.Payload.(*frame.PickerSelect).By != nil) != c.withBy {
			t.Errorf("after %s the client sent %s (by wanted: %v)", c.ack, raw, c.withBy)
		}
		if want := `{"v":1,"type":"picker.select","payload":{"picker_id":"pm_1","value":"local/qwen3-27b"`; !strings.HasPrefix(raw, want) {
			t.Errorf("sent %s, want it to start %s", raw, want)
		}
		if sel.By == nil {
			t.Fatal("fitting the frame changed the caller's payload")
		}
	}
}
