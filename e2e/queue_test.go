package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
)

// Messages typed while the gateway is down are kept across a restart, then
// sent exactly once each, in order, once it is up; a further restart sends
// none of them again.
func TestQueueSurvivesRestartSentOnce(t *testing.T) {
	const token = "queue-token"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	texts := []string{"queued one", "queued two", "queued three"}

	e.connectOnce("--url", url, "--token", token)

	offline := e.start("--url", closedURL(t), "--token", token)
	offline.waitShows("reconnecting", "Any failing tests? (#30)")
	for _, text := range texts {
		offline.typeLine(text)
		offline.waitShows(text)
	}
	offline.waitFor("three queued messages", func(s string) bool { return strings.Count(s, "◷ queued") == len(texts) })
	offline.quit()
	if n := sends(sim, texts...); n != 0 {
		t.Fatalf("%d messages reached the gateway while it was unreachable", n)
	}
	e.inspect(func(st *store.State) {
		out := st.Outgoing()
		if len(out) != len(texts) {
			t.Fatalf("stored queue: %+v", out)
		}
		for i, o := range out {
			if o.Text != texts[i] || o.Delivery != store.DeliveryQueued {
				t.Fatalf("queue entry %d: %q %v, want %q queued", i, o.Text, o.Delivery, texts[i])
			}
		}
	})

	online := e.start("--url", url, "--token", token)
	waitSends(t, sim, texts...)
	online.waitFor("the reply to the last queued message", func(s string) bool {
		return containsAll(s, "Re: queued three", "Anything else you want me to look at?") && !strings.Contains(s, "◷ queued")
	})
	online.quit()
	assertSentOnceInOrder(t, sim, texts)

	// Another start: the queue is empty, nothing is sent again. A new
	// message is sent after the connection came up, when a resend of the
	// old ones would already have happened.
	again := e.start("--url", url, "--token", token)
	again.waitShows("● online")
	again.typeLine("after the restart")
	waitSends(t, sim, "after the restart")
	// The agent's reply comes after the echo that marks the message sent;
	// quitting earlier would leave it in flight ("delivery unknown").
	again.waitShows("Re: after the restart")
	again.quit()
	assertSentOnceInOrder(t, sim, texts)

	e.inspect(func(st *store.State) {
		if out := st.Outgoing(); len(out) != 0 {
			t.Fatalf("queue after delivery: %+v", out)
		}
	})
	msgs := e.storedMessages()
	for _, text := range append(texts, "after the restart") {
		if n := countText(msgs, text); n != 1 {
			t.Fatalf("%q stored %d times", text, n)
		}
	}
	for _, m := range msgs {
		for _, text := range texts {
			if m.Text == text && m.Delivery != store.DeliveryRead {
				t.Fatalf("%q is %v, want read (the agent answered it)", text, m.Delivery)
			}
		}
	}
}

// sendTexts returns the texts of every message.send the gateway received.
func sendTexts(sim *gatewaysim.Server) []string {
	var out []string
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.MessageSend); ok && f.Type == frame.TypeMessageSend {
			out = append(out, p.Text)
		}
	}
	return out
}

// sends counts the message.send frames carrying one of texts.
func sends(sim *gatewaysim.Server, texts ...string) int {
	n := 0
	for _, got := range sendTexts(sim) {
		for _, text := range texts {
			if got == text {
				n++
			}
		}
	}
	return n
}

// waitSends waits until the gateway has received a message.send for each
// of texts.
func waitSends(t *testing.T, sim *gatewaysim.Server, texts ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	defer cancel()
	for _, text := range texts {
		_, err := sim.WaitReceived(ctx, func(f frame.Frame) bool {
			p, ok := f.Payload.(*frame.MessageSend)
			return ok && p.Text == text
		})
		if err != nil {
			t.Fatalf("the gateway never received %q: %v (got %q)", text, err, sendTexts(sim))
		}
	}
}

// assertSentOnceInOrder checks that each of texts was sent exactly once,
// in the given order.
func assertSentOnceInOrder(t *testing.T, sim *gatewaysim.Server, texts []string) {
	t.Helper()
	var got []string
	for _, s := range sendTexts(sim) {
		for _, text := range texts {
			if s == text {
				got = append(got, s)
			}
		}
	}
	if strings.Join(got, "|") != strings.Join(texts, "|") {
		t.Fatalf("sent %q, want each of %q once in order", got, texts)
	}
}
