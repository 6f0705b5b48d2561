package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// Messages queued offline go out one at a time: while the first is in
// flight, another change (a frame arriving) must not send the second ahead
// of it.
func TestQueuedMessagesKeepOrderWhileOneIsInFlight(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.frame(hello())
	for _, text := range []string{"first", "second"} {
		h.typeText(text)
		h.key(tea.KeyEnter, 0)
	}
	_, sendFirst := h.m.Update(inbound(&wsclient.StateEvent{State: wsclient.StateOnline})) // "first" is in flight, not answered yet
	h.frame(on(frame.TypeTyping, &frame.Typing{On: frame.Ptr(false)}))
	if got := sentTexts(h); len(got) != 0 {
		t.Fatalf("sent %q while the first message was still in flight", got)
	}
	h.run(sendFirst)
	if got := sentTexts(h); len(got) == 0 || got[0] != "first" {
		t.Fatalf("sent %q, want first before anything else", got)
	}
}

// sentTexts returns the texts of the message.send requests made so far.
func sentTexts(h *harness) []string {
	req, _ := h.gw.calls()
	var out []string
	for _, f := range req {
		if p, ok := f.Payload.(*frame.MessageSend); ok {
			out = append(out, p.Text)
		}
	}
	return out
}
