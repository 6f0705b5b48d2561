package headless_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/termsafe"
)

// tailFields are the fields each NDJSON event of tail --json carries
// (README, "Scripting").
var tailFields = map[string][]string{
	"message": {"message_id", "chat_id", "role", "text"},
	"tool":    {"chat_id", "phase", "name"},
	"picker":  {"picker_id", "type", "chat_id", "question", "choices"},
	// a picker answered on some device (extension picker_answered)
	"picker/answered": {"picker_id", "chat_id", "status", "value", "by"},
	"busy":            {"chat_id", "status"},
	"idle":            {"chat_id"},
	"status":          {"status"},
	"connection":      {"status"},
	"cursor":          {"cursor"},
}

// say sends text from the observer to lane chat and returns the echo's id.
func (o *observer) say(t *testing.T, chat, text string) string {
	t.Helper()
	f := frame.Frame{Type: frame.TypeMessageSend, ChatID: frame.Some(chat), ThreadID: frame.Null(), Payload: &frame.MessageSend{Text: text}}
	resp, err := o.Request(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return resp.Payload.(*frame.Message).MessageID
}

func TestTailPrintsEachFinishedMessage(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		tl := startLong(t, sim, p, "tail")
		id := obs.say(t, defaultChat, "hello tail")
		reply := termsafe.Text(obs.replyTo(t, id))
		want := "[Default] user:\nhello tail\n\n[Default] assistant:\n" + reply + "\n\n"
		waitFor(t, "the reply in the tail", func() bool { return strings.Contains(tl.stdout.String(), reply) })
		tl.stop(t)
		if got := tl.stdout.String(); got != want {
			t.Fatalf("tail printed:\n%q\nwant:\n%q", got, want)
		}
	})
}

func TestTailFollowsOnlyItsChannel(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		ops := obs.createChannel(t, "Ops")
		p := newProfile(t, url)
		tl := startLong(t, sim, p, "tail", "--channel", "Ops")
		obs.replyTo(t, obs.say(t, defaultChat, "not for ops"))
		obs.replyTo(t, obs.say(t, ops, "for ops"))
		waitFor(t, "the ops reply", func() bool { return strings.Count(tl.stdout.String(), "[Ops] ") == 2 })
		tl.stop(t)
		if strings.Contains(tl.stdout.String(), "not for ops") {
			t.Fatalf("another channel leaked in:\n%s", tl.stdout)
		}
	})
}

func TestTailJSONEventsCarryTheDocumentedFields(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	tl := startLong(t, sim, p, "tail", "--json", "--all")
	obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "the picker event", func() bool { return strings.Contains(tl.stdout.String(), `"event":"picker"`) })
	obs.answer(t, "pa_1", "once")
	waitFor(t, "the idle event", func() bool { return strings.Contains(tl.stdout.String(), `"event":"idle"`) })
	tl.stop(t)
	seen := map[string]int{}
	for _, e := range parseEvents(t, tl.stdout.String(), tailFields) {
		seen[e["event"].(string)]++
	}
	for _, want := range []string{"message", "tool", "picker", "busy", "idle", "cursor", "connection"} {
		if seen[want] == 0 {
			t.Errorf("no %s event in:\n%s", want, tl.stdout)
		}
	}
	if seen["message"] != 2 {
		t.Errorf("want the user's message and the reply, got %d messages", seen["message"])
	}
}

func TestTailStaysUpAcrossAReconnectWithoutRepeating(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d, StreamInterval: 15 * time.Millisecond})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		tl := startLong(t, sim, p, "tail", "--json")
		id := obs.say(t, defaultChat, "summarise the repository")
		obs.await(t, "the reply's start", func(f frame.Frame) bool { return f.Type == frame.TypeMessageStart })
		sim.DropConnections()
		obs.replyTo(t, id)
		waitFor(t, "the reply in the tail", func() bool { return strings.Contains(tl.stdout.String(), `"role":"assistant"`) })
		obs.replyTo(t, obs.say(t, defaultChat, "and again"))
		waitFor(t, "the second reply", func() bool { return strings.Count(tl.stdout.String(), `"role":"assistant"`) == 2 })
		tl.stop(t)
		out := tl.stdout.String()
		if !strings.Contains(out, `"event":"connection","status":"reconnecting"`) {
			t.Fatalf("no reconnect seen:\n%s", out)
		}
		printed := map[any]int{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if m := decodeLine(t, line); m["event"] == "message" {
				printed[m["message_id"]]++
			}
		}
		for id, n := range printed {
			if n != 1 {
				t.Fatalf("message %v printed %d times:\n%s", id, n, out)
			}
		}
		if len(printed) != 4 {
			t.Fatalf("want 2 messages and 2 replies, got %v", printed)
		}
	})
}

func TestTailSinceReplaysWhatWasMissed(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		tl := startLong(t, sim, p, "tail", "--json")
		waitFor(t, "the cursor event", func() bool { return strings.Contains(tl.stdout.String(), `"event":"cursor"`) })
		tl.stop(t)
		var cursor string
		for _, line := range strings.Split(strings.TrimSpace(tl.stdout.String()), "\n") {
			if m := decodeLine(t, line); m["event"] == "cursor" {
				cursor = strings.TrimSuffix(strings.TrimPrefix(line, `{"event":"cursor","cursor":`), "}")
			}
		}
		obs.replyTo(t, obs.say(t, defaultChat, "while you were away"))
		tl = startLong(t, sim, p, "tail", "--json", "--since", cursor)
		waitFor(t, "the missed message", func() bool { return strings.Contains(tl.stdout.String(), "while you were away") })
		tl.stop(t)
	})
}

// notes records the notifications raised.
type notes struct {
	mu  sync.Mutex
	got []string
}

func (n *notes) notify(title, body string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.got = append(n.got, title+" | "+body)
	return nil
}

func (n *notes) all() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.got)
}

func TestTailNotifyRaisesNotificationsQuietly(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	n := &notes{}
	p.notify = n.notify
	tl := startLong(t, sim, p, "tail", "--notify", "--all")
	id := obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "the picker's notification", func() bool { return len(n.all()) == 1 })
	obs.answer(t, "pa_1", "once")
	obs.replyTo(t, id)
	waitFor(t, "the reply's notification", func() bool { return len(n.all()) == 2 })
	tl.stop(t)
	want := []string{
		"Iris · Default | an approval waits: rm the cache (iris answer pa_1 VALUE)",
		"Iris · Default | reply finished: Re: please rm the cache",
	}
	if got := n.all(); !slices.Equal(got, want) {
		t.Fatalf("notifications %q, want %q", got, want)
	}
	if tl.stdout.String() != "" || tl.stderr.String() != "" {
		t.Fatalf("--notify printed: %q %q", tl.stdout, tl.stderr)
	}
}
