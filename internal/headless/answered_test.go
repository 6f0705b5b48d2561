package headless_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// TestTailShowsWhoAnsweredAPicker: iris approve on one machine answers a
// picker by rule; iris tail --json of another profile (another device)
// gets the gateway's picker.answered as a picker event with status
// "answered", the value and who answered: device, policy and rule. In
// text mode the same is one line.
func TestTailShowsWhoAnsweredAPicker(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	watcher := newProfile(t, url)
	tl := startLong(t, sim, watcher, "tail", "--json")
	text := startLong(t, sim, newProfile(t, url), "tail")
	ap := startLong(t, sim, newProfile(t, url), "approve", "--policy", writePolicy(t, testPolicy))

	obs.replyTo(t, obs.say(t, defaultChat, "please rm the cache"))
	waitFor(t, "the answered event", func() bool { return strings.Contains(tl.stdout.String(), `"status":"answered"`) })
	waitFor(t, "the answered line", func() bool { return strings.Contains(text.stdout.String(), " answered ") })
	tl.stop(t)
	text.stop(t)
	ap.stop(t)
	var got map[string]any
	for _, e := range parseEvents(t, tl.stdout.String(), tailFields) {
		if e["status"] == "answered" {
			got = e
		}
	}
	by, _ := got["by"].(map[string]any)
	if got["picker_id"] != "pa_1" || got["value"] != "once" || got["chat_id"] != defaultChat ||
		by["device_name"] != "ci (headless)" || by["policy"] != "policy.toml" || by["rule"] != "cache" {
		t.Fatalf("answered event %v", got)
	}
	if want := "[Default] pa_1 answered once · reported by the gateway as policy policy.toml, rule cache, on ci (headless)\n"; !strings.Contains(text.stdout.String(), want) {
		t.Fatalf("tail printed:\n%s", text.stdout)
	}
	if f, ok := obs.find(func(f frame.Frame) bool { return f.Type == frame.TypePickerAnswered }); !ok || f.Lane().ChatID != defaultChat {
		t.Fatalf("the observer (the TUI's role) got no picker.answered: %+v", f)
	}
}

// TestTailIgnoresPickerAnsweredTheGatewayNeverOffered: a gateway whose
// hello.ack did not offer picker_answered sends a picker.answered anyway
// (a forged or confused peer); iris tail prints nothing of it, and prints
// the message that follows.
func TestTailIgnoresPickerAnsweredTheGatewayNeverOffered(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: gatewaysim.DialectSpec})
	text := startLong(t, sim, newProfile(t, url), "tail")
	sim.InjectRaw([]byte(`{"type":"picker.answered","chat_id":"` + defaultChat + `","thread_id":null,"payload":{"picker_id":"pa_9","value":"once","by":{"device_name":"buildhost","policy":"ci.toml","rule":"pytest"}}}`))
	sim.InjectRaw([]byte(`{"type":"message","chat_id":"` + defaultChat + `","thread_id":null,"payload":{"message_id":"m_after","role":"assistant","text":"after the forgery"}}`))
	waitFor(t, "the message after it", func() bool { return strings.Contains(text.stdout.String(), "after the forgery") })
	text.stop(t)
	if strings.Contains(text.stdout.String(), "pytest") || strings.Contains(text.stdout.String(), "answered") {
		t.Fatalf("tail printed the unoffered picker.answered:\n%s", text.stdout)
	}
}
