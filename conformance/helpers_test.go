package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/conformance"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// Test timings: the simulator answers in milliseconds, but the machine
// may be loaded (and the race detector slows everything), so a rule gets
// testTimeout before it fails for something that never came.
const (
	testTimeout = 10 * time.Second
	testWindow  = 100 * time.Millisecond
)

// prefillMessages is how many user messages startSim puts in the default
// lane: with the agent's replies the lane then holds more than 200
// messages, so the 50 and 200 caps of history are checked in full.
const prefillMessages = 110

// startSim runs a simulator (with cfg) whose default lane holds more than
// 200 messages and returns its URL.
func startSim(t *testing.T, cfg gatewaysim.Config) string {
	t.Helper()
	_, url := simtest.StartSim(t, cfg)
	prefill(t, url)
	return url
}

// prefill sends prefillMessages messages to the default lane and waits
// until its history holds more than one page of 200.
func prefill(t *testing.T, url string) {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	send := func(v any) {
		t.Helper()
		if err := ws.WriteJSON(v); err != nil {
			t.Fatal(err)
		}
	}
	send(map[string]any{"v": 1, "type": "hello", "payload": map[string]any{"token": simtest.Token, "device_id": "dev_prefill"}})
	for i := range prefillMessages {
		send(map[string]any{"v": 1, "type": "message.send", "chat_id": gatewaysim.DefaultChatID, "payload": map[string]any{"text": fmt.Sprintf("prefill %d", i)}})
	}
	deadline := time.Now().Add(10 * time.Second)
	for id := 1; time.Now().Before(deadline); id++ {
		send(map[string]any{"v": 1, "id": id, "type": "history", "chat_id": gatewaysim.DefaultChatID, "payload": map[string]any{"limit": 200}})
		for {
			_ = ws.SetReadDeadline(deadline)
			var f struct {
				ID      int    `json:"id"`
				Type    string `json:"type"`
				Payload struct {
					HasMore bool `json:"has_more"`
				} `json:"payload"`
			}
			if err := ws.ReadJSON(&f); err != nil {
				t.Fatalf("prefill: %v", err)
			}
			if f.ID == id && f.Type == "history" {
				if f.Payload.HasMore {
					return
				}
				break
			}
		}
	}
	t.Fatal("prefill: the default lane never held more than 200 messages")
}

// runKit runs the kit against url and returns its output lines and the
// number of failed rules.
func runKit(t *testing.T, url, token string) ([]string, int) {
	t.Helper()
	var out, notes strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	failed := conformance.Run(ctx, conformance.Options{
		URL: url, Token: token, Timeout: testTimeout, Window: testWindow, Notes: &notes,
	}, &out)
	if notes.Len() > 0 {
		t.Errorf("notes: %s", notes.String())
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), failed
}

// failures returns the FAIL lines of out, normalised (see normalise).
func failures(lines []string) []string {
	var fails []string
	for _, l := range lines {
		if strings.HasPrefix(l, "FAIL ") {
			fails = append(fails, normalise(l))
		}
	}
	return fails
}

var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\bid \d{3,}`), "id N"}, // the kit's ids; "id 0" (none) and "id 1" stay
	{regexp.MustCompile(`\bcursor \d+`), "cursor N"},
	{regexp.MustCompile(`\bm_[0-9a-z_]+`), "m_N"},
	{regexp.MustCompile(`\biris:chan_\d+`), "iris:chan_N"},
	{regexp.MustCompile(`\bt_\d+`), "t_N"},
	{regexp.MustCompile(`conformance-[0-9a-f]{8}`), "conformance-TAG"},
	{regexp.MustCompile(`\b[0-9a-f]{64}\b`), "SHA"},
}

// normalise replaces what differs from run to run in a line (request and
// message ids, cursors, chat ids, the run's tag, hashes) with fixed placeholders.
func normalise(line string) string {
	for _, v := range volatile {
		line = v.re.ReplaceAllString(line, v.with)
	}
	return line
}

// obj is a frame as the proxy sees it (numbers kept as json.Number).
type obj = map[string]any

func decode(data []byte) (obj, error) {
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	var f obj
	return f, d.Decode(&f)
}

func typeOf(f obj) string { s, _ := f["type"].(string); return s }

func payloadOf(f obj) obj { p, _ := f["payload"].(obj); return p }
