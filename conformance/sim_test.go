package conformance_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// simBugs are the rules today's simulator fails, with the exact line: rows
// of issue 20's table that the simulator's own fixes (branch sim) remove.
// The kit is right to fail them; when a fix lands, its line goes.
var simBugs = []string{
	`FAIL history.integral-limit: limit 2.0: history (id N) was answered with error unsupported ("malformed history: field limit: got number, want int; converted"), want history`,
	`FAIL error.not-found-without-lane: history (id N) was answered with history, want error not_found`,
}

func TestKitPassesEveryRuleAgainstTheSimulator(t *testing.T) {
	url := startSim(t, gatewaysim.Config{})
	lines, failed := runKit(t, url, simtest.Token)
	if got := failures(lines); !slices.Equal(got, simBugs) {
		t.Fatalf("FAIL lines:\n%s\nwant only the simulator's known bugs:\n%s\nfull output:\n%s", strings.Join(got, "\n"), strings.Join(simBugs, "\n"), strings.Join(lines, "\n"))
	}
	if failed != len(simBugs) {
		t.Fatalf("Run returned %d failures, want %d", failed, len(simBugs))
	}
	if want := "24 passed, 2 failed"; lines[len(lines)-1] != want {
		t.Fatalf("last line %q, want %q", lines[len(lines)-1], want)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "PASS ") && !strings.HasPrefix(l, "FAIL ") {
			t.Fatalf("line %q is neither PASS nor FAIL", l)
		}
	}
	assertCleanedUp(t, url)
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
