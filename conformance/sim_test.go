package conformance_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

func TestKitPassesEveryRuleAgainstTheSimulator(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		url := startSim(t, gatewaysim.Config{Dialect: d})
		lines, failed := runKit(t, url, simtest.Token)
		if got := failures(lines); len(got) > 0 || failed != 0 {
			t.Fatalf("%d rules failed:\n%s", failed, strings.Join(lines, "\n"))
		}
		if want := fmt.Sprintf("%d passed, 0 failed", len(lines)-1); lines[len(lines)-1] != want || len(lines) < 20 {
			t.Fatalf("last line %q, want %q:\n%s", lines[len(lines)-1], want, strings.Join(lines, "\n"))
		}
		for _, l := range lines[:len(lines)-1] {
			if !strings.HasPrefix(l, "PASS ") {
				t.Fatalf("line %q is not a PASS line", l)
			}
		}
		assertCleanedUp(t, url)
	})
}

// assertCleanedUp checks that no channel of the kit is left and that the
// default channel is the simulator's own again.
func assertCleanedUp(t *testing.T, url string) {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.WriteJSON(obj{"v": 1, "type": "hello", "payload": obj{"token": simtest.Token, "device_id": "dev_check"}}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	dl, _ := ctx.Deadline()
	_ = ws.SetReadDeadline(dl)
	var ack struct {
		Type    string `json:"type"`
		Payload struct {
			Channels []struct {
				ChatID    string `json:"chat_id"`
				Name      string `json:"name"`
				IsDefault bool   `json:"is_default"`
			} `json:"channels"`
		} `json:"payload"`
	}
	if err := ws.ReadJSON(&ack); err != nil || ack.Type != "hello.ack" {
		t.Fatalf("hello: %+v, %v", ack, err)
	}
	for _, ch := range ack.Payload.Channels {
		if strings.HasPrefix(ch.Name, "conformance-") {
			t.Errorf("the kit left channel %s (%q)", ch.ChatID, ch.Name)
		}
		if ch.IsDefault != (ch.ChatID == gatewaysim.DefaultChatID) {
			t.Errorf("channel %s is_default %t after the run", ch.ChatID, ch.IsDefault)
		}
	}
}
