package headless_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// startAttached runs a long-lived command that attaches to the profile's
// running holder: it returns once the command printed its first cursor
// (tail --json does once it has its snapshot).
func startAttached(t *testing.T, p *profile, args ...string) *longRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*waitLimit)
	r, done := p.start(ctx, "", args...)
	tl := &longRun{result: r, done: done, cancel: cancel}
	t.Cleanup(cancel)
	waitFor(t, args[0]+"'s snapshot", func() bool { return len(events(t, r.stdout.String(), "cursor")) > 0 })
	return tl
}

// events are the NDJSON lines of out whose event is kind.
func events(t *testing.T, out, kind string) []headless.Event {
	t.Helper()
	var evs []headless.Event
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var e headless.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("not NDJSON: %q: %v", sc.Text(), err)
		}
		if e.Event == kind {
			evs = append(evs, e)
		}
	}
	return evs
}

// onceEach checks that every message and picker event of a tail's output
// came exactly once, and returns them in order.
func onceEach(t *testing.T, name, out string) []string {
	t.Helper()
	var keys []string
	for _, e := range append(events(t, out, "message"), events(t, out, "picker")...) {
		k := e.Event + " " + e.MessageID + e.PickerID + " " + e.Status
		if slices.Contains(keys, k) {
			t.Fatalf("%s printed %q twice:\n%s", name, k, out)
		}
		keys = append(keys, k)
	}
	return keys
}

// TestCommandsOfAProfileShareOneDeviceConnection is issue 23's test: on
// one profile, iris approve --policy (the first, so it holds the device's
// connection), two iris tail --json, iris send --wait, iris pickers and
// iris answer run at once, through a reply, a simulator restart and two
// pickers (one the policy answers, one left to a human and answered with
// iris answer). Every message and picker reaches each tail exactly once
// and the same; approve decides each picker once; and the simulator saw
// the headless device connect twice (at the start and after its restart)
// and never with two connections at once.
func TestCommandsOfAProfileShareOneDeviceConnection(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: gatewaysim.DialectRich})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--policy", writePolicy(t, testPolicy))
	tails := []*longRun{startAttached(t, p, "tail", "--json"), startAttached(t, p, "tail", "--json")}

	// A reply: send --wait, attached, prints it, and both tails see it.
	sent := p.run("", "send", "--wait", "say hello")
	sent.expect(t, headless.ExitOK)
	id := sentMessageID(t, sent.stderr.String())
	if want := termsafe.Text(obs.replyTo(t, id)) + "\n"; sent.stdout.String() != want {
		t.Fatalf("send --wait printed %q, want %q", sent.stdout, want)
	}
	for _, tl := range tails {
		waitFor(t, "the reply at each tail", func() bool {
			return slices.ContainsFunc(events(t, tl.stdout.String(), "message"), func(e headless.Event) bool { return e.ReplyTo == id })
		})
	}

	// A restart: the holder reconnects once for all.
	sim.Restart(20 * time.Millisecond)
	for _, tl := range tails {
		waitFor(t, "each tail's cursor after the restart", func() bool { return len(events(t, tl.stdout.String(), "cursor")) >= 2 })
	}

	// A picker the policy answers, and one it leaves to a human.
	waitFor(t, "the observer back online", func() bool {
		_, err := obs.Request(context.Background(), frame.Frame{Type: frame.TypeHistory, ChatID: frame.Some(defaultChat), Payload: &frame.HistoryRequest{Limit: 1}})
		return !errors.Is(err, wsclient.ErrOffline)
	})
	cacheID := obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "approve's answer", func() bool { return strings.Contains(ap.stdout.String(), "answered pa_") })
	clarifyID := obs.say(t, defaultChat, "clarify the plan")
	waitFor(t, "the clarify left to a human", func() bool { return strings.Contains(ap.stdout.String(), "left to a human: pq_") })
	listed := p.run("", "pickers", "--json")
	listed.expect(t, headless.ExitOK)
	waiting := events(t, listed.stdout.String(), "picker")
	if len(waiting) != 1 || waiting[0].Type != "clarify" {
		t.Fatalf("iris pickers beside the others listed %s", listed.stdout)
	}
	p.run("", "answer", waiting[0].PickerID, "the short plan").expect(t, headless.ExitOK)
	for _, tl := range tails {
		waitFor(t, "the clarify's answer and both replies at each tail", func() bool {
			out := tl.stdout.String()
			answered := slices.ContainsFunc(events(t, out, "picker"), func(e headless.Event) bool {
				return e.PickerID == waiting[0].PickerID && e.Status == "answered"
			})
			replies := 0
			for _, e := range events(t, out, "message") {
				if e.ReplyTo == cacheID || e.ReplyTo == clarifyID {
					replies++
				}
			}
			return answered && replies == 2
		})
	}

	for _, tl := range tails {
		tl.stop(t)
	}
	ap.stop(t)
	first := onceEach(t, "the first tail", tails[0].stdout.String())
	if second := onceEach(t, "the second tail", tails[1].stdout.String()); !slices.Equal(first, second) {
		t.Fatalf("the tails printed different events:\n%v\n%v", first, second)
	}
	for _, want := range []string{"picker " + waiting[0].PickerID + " ", "picker " + waiting[0].PickerID + " answered"} {
		if !slices.Contains(first, want) {
			t.Fatalf("the tails lack %q: %v", want, first)
		}
	}
	if n := strings.Count(ap.stdout.String(), "answered pa_"); n != 1 {
		t.Fatalf("approve answered %d times:\n%s", n, ap.stdout)
	}
	if n := strings.Count(ap.stdout.String(), "left to a human: pq_"); n != 1 {
		t.Fatalf("approve left the clarify %d times:\n%s", n, ap.stdout)
	}
	dev, err := os.ReadFile(filepath.Join(p.dataDir, headless.DeviceFile))
	if err != nil {
		t.Fatal(err)
	}
	if hellos, superseded := sim.DeviceConnections(strings.TrimSpace(string(dev))); hellos != 2 || superseded != 0 {
		t.Fatalf("the simulator saw %d connections of the headless device, %d taking a live one's place; want 2 (start, restart), 0", hellos, superseded)
	}
}
