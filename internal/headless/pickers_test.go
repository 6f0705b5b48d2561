package headless_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
)

// leavePicker runs send --wait with text that raises a picker (flags come
// first), and checks it stopped at it.
func leavePicker(t *testing.T, p *profile, args ...string) {
	t.Helper()
	p.run("", append([]string{"send", "--wait"}, args...)...).expect(t, headless.ExitPickerWaiting)
}

func TestPickersListsThePickerAnEarlierCommandLeft(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		_, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		p := newProfile(t, url)
		leavePicker(t, p, "please rm the cache")
		r := p.run("", "pickers")
		r.expect(t, headless.ExitOK)
		lines := strings.Split(strings.TrimSpace(r.stdout.String()), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "ID") ||
			!strings.Contains(lines[1], "pa_1") || !strings.Contains(lines[1], "Default") ||
			!strings.Contains(lines[1], "approval") || !strings.Contains(lines[1], "rm the cache") ||
			!strings.Contains(lines[1], "once|session|always|deny") {
			t.Fatalf("pickers printed:\n%s", r.stdout)
		}
	})
}

func TestPickersJSONLinesCarryTheDocumentedFields(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	obs.createChannel(t, "Ops")
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	leavePicker(t, p, "--channel", "Ops", "clarify the plan")
	r := p.run("", "pickers", "--json")
	r.expect(t, headless.ExitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines:\n%s", r.stdout)
	}
	var types []string
	for _, line := range lines {
		m := decodeLine(t, line)
		requireFields(t, m, "event", "picker_id", "type", "chat_id", "question", "age_s", "left_s")
		if m["event"] != "picker" {
			t.Fatalf("event %v", m["event"])
		}
		types = append(types, m["type"].(string)+"@"+m["chat_id"].(string))
	}
	if strings.Join(types, ",") != "approval@iris:default,clarify@iris:chan_1" {
		t.Fatalf("types %v", types)
	}
}

func TestPickersForgetsAPickerAnsweredElsewhere(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	obs.answer(t, "pa_1", "once")
	obs.await(t, "the turn's end", func(f frame.Frame) bool { return f.Type == frame.TypeAgentIdle })
	r := p.run("", "pickers", "--json")
	r.expect(t, headless.ExitOK)
	if r.stdout.String() != "" {
		t.Fatalf("an answered picker is listed: %s", r.stdout)
	}
	p.run("", "answer", "pa_1", "once").expect(t, headless.ExitUnknownPicker)
}

// decodeLine parses one NDJSON line into a map.
func decodeLine(t *testing.T, line string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatalf("line %q is not JSON: %v", line, err)
	}
	return m
}

// requireFields fails unless m has every key.
func requireFields(t *testing.T, m map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Fatalf("%v lacks %q", m, k)
		}
	}
}

// TestPickersBesideARunningTailForgetsWhatWasAnswered: iris tail runs (a
// headless command of the profile) while an earlier command left a picker
// pending; another device answers it. iris pickers, started beside tail,
// no longer lists it, and iris answer says so at once, in both dialects.
// Before, every headless command of a profile was one device: the
// gateway delivered the answer to tail's connection only, and iris
// pickers listed the answered picker from its saved file.
func TestPickersBesideARunningTailForgetsWhatWasAnswered(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		leavePicker(t, p, "please rm the cache")
		tl := startLong(t, sim, p, "tail")
		sel := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: "pa_1", Value: "once"}}
		if _, err := obs.Post(context.Background(), sel); err != nil { // the spec dialect gives it no reply
			t.Fatal(err)
		}
		obs.await(t, "the turn's end", func(f frame.Frame) bool { return f.Type == frame.TypeAgentIdle })
		waitFor(t, "tail's reply", func() bool { return strings.Contains(tl.stdout.String(), "approved: once") })
		r := p.run("", "pickers", "--json")
		r.expect(t, headless.ExitOK)
		if r.stdout.String() != "" {
			t.Fatalf("an answered picker is listed: %s", r.stdout)
		}
		p.run("", "answer", "pa_1", "once").expect(t, headless.ExitUnknownPicker)
		tl.stop(t)
	})
}

// TestPickersSeesWhatARunningCommandSaw: a picker raised while iris tail
// runs is delivered to tail's device only; iris pickers started beside it
// lists it from what tail publishes, and lists it no more once tail saw it
// answered.
func TestPickersSeesWhatARunningCommandSaw(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	tl := startLong(t, sim, p, "tail")
	obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "tail's picker", func() bool { return strings.Contains(tl.stdout.String(), "approval waits") })
	if r := p.run("", "pickers"); r.code != headless.ExitOK || !strings.Contains(r.stdout.String(), "pa_1") {
		t.Fatalf("iris pickers beside tail exited %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	obs.answer(t, "pa_1", "once")
	obs.await(t, "the turn's end", func(f frame.Frame) bool { return f.Type == frame.TypeAgentIdle })
	waitFor(t, "tail's reply", func() bool { return strings.Contains(tl.stdout.String(), "approved: once") })
	if r := p.run("", "pickers", "--json"); r.stdout.String() != "" {
		t.Fatalf("an answered picker is listed: %s", r.stdout)
	}
	tl.stop(t)
}
