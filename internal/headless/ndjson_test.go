package headless_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
)

// eventFields are the fields every NDJSON event of send --json carries
// (README, "Scripting").
var eventFields = map[string][]string{
	"sent":   {"message_id", "chat_id"},
	"delta":  {"message_id", "chat_id", "text"},
	"reply":  {"message_id", "chat_id", "text"},
	"tool":   {"chat_id", "phase", "name"},
	"picker": {"picker_id", "type", "chat_id", "question", "choices"},
	"end":    {"status", "exit"},
}

// parseEvents parses every line of out and checks that it is one of the
// events of schema with its documented fields; it returns them in order.
func parseEvents(t *testing.T, out string, schema map[string][]string) []map[string]any {
	t.Helper()
	var evs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		m := decodeLine(t, line)
		name, _ := m["event"].(string)
		if status, _ := m["status"].(string); schema[name+"/"+status] != nil {
			name += "/" + status // an event whose status has a schema of its own
		}
		fields, ok := schema[name]
		if !ok {
			t.Fatalf("unknown event in %q", line)
		}
		requireFields(t, m, fields...)
		evs = append(evs, m)
	}
	return evs
}

// checkSchema checks send's events, which run from sent to end.
func checkSchema(t *testing.T, out string) []map[string]any {
	t.Helper()
	evs := parseEvents(t, out, eventFields)
	if evs[0]["event"] != "sent" || evs[len(evs)-1]["event"] != "end" {
		t.Fatalf("events do not run from sent to end:\n%s", out)
	}
	return evs
}

func TestSendJSONEventsOfAReply(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("", "send", "--wait", "--json", "how are the tests?")
	r.expect(t, headless.ExitOK)
	evs := checkSchema(t, r.stdout.String())
	var deltas, reply string
	seen := map[string]bool{}
	for _, e := range evs {
		seen[e["event"].(string)] = true
		switch e["event"] {
		case "delta":
			deltas += e["text"].(string)
		case "reply":
			reply = e["text"].(string)
		}
	}
	if !seen["tool"] || reply == "" || deltas != reply {
		t.Fatalf("deltas %q do not add up to the reply %q (events %v)", deltas, reply, seen)
	}
	if end := evs[len(evs)-1]; end["status"] != "ok" || end["exit"] != 0.0 {
		t.Fatalf("end %v", end)
	}
}

func TestSendJSONEventsOfAWaitingPicker(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("", "send", "--wait", "--json", "please rm the cache")
	r.expect(t, headless.ExitPickerWaiting)
	evs := checkSchema(t, r.stdout.String())
	pk := evs[len(evs)-2]
	if pk["event"] != "picker" || pk["picker_id"] != "pa_1" || pk["type"] != "approval" {
		t.Fatalf("before the end: %v", pk)
	}
	if end := evs[len(evs)-1]; end["status"] != "picker_waiting" || end["exit"] != 8.0 {
		t.Fatalf("end %v", end)
	}
}
