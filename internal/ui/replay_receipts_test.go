package ui

import (
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// A sync replay is acknowledged with one read.receipt for the newest
// message, at sync.done, not one per replayed message; sync.done's cursor
// reaches the store.
func TestReplayReadOnceAtSyncDone(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	for i, id := range []string{"r1", "r2", "r3"} {
		f := msgFrame(id, frame.RoleCron, "replayed "+id, ms(1, i))
		f.Cursor = int64(i + 1)
		h.send(inbound(&wsclient.FrameEvent{Frame: f, Replayed: true}))
	}
	if got := receipts(h); len(got) != 0 {
		t.Fatalf("receipts during the replay: %q", got)
	}
	h.send(inbound(&wsclient.CursorEvent{Cursor: 7}))
	if got := receipts(h); len(got) != 1 || got[0] != "r3" {
		t.Fatalf("receipts after sync.done: %q, want r3 once", got)
	}
	if c := h.st.Cursor(); c != 7 {
		t.Fatalf("cursor %d, want sync.done's 7", c)
	}
	h.frame(msgFrame("live", frame.RoleAssistant, "live one", ms(2, 0)))
	if got := receipts(h); len(got) != 2 || got[1] != "live" {
		t.Fatalf("receipts after a live message: %q", got)
	}
}

// receipts returns the message ids of the read receipts sent so far.
func receipts(h *harness) []string {
	_, sent := h.gw.calls()
	var out []string
	for _, f := range sent {
		if p, ok := f.Payload.(*frame.ReadReceipt); ok {
			out = append(out, p.MessageID)
		}
	}
	return out
}

// A batch from the bridge (ClientEventsMsg) behaves like the same events
// sent one by one: frames applied in order, other events between them in
// place, the cursor stored after the frames it covers, one receipt.
func TestClientEventsBatchAppliesInOrder(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	var batch ClientEventsMsg
	for i, id := range []string{"b1", "b2", "b3"} {
		f := msgFrame(id, frame.RoleCron, "batched "+id, ms(1, i))
		f.Cursor = int64(i + 1)
		batch = append(batch, &wsclient.FrameEvent{Frame: f, Replayed: true})
		if i == 1 {
			batch = append(batch, &wsclient.StateEvent{State: wsclient.StateOnline})
		}
	}
	batch = append(batch, &wsclient.CursorEvent{Cursor: 3})
	h.send(batch)
	h.mustShow("batched b1", "batched b2", "batched b3")
	if c := h.st.Cursor(); c != 3 {
		t.Fatalf("cursor %d, want 3", c)
	}
	if got := receipts(h); len(got) != 1 || got[0] != "b3" {
		t.Fatalf("receipts after the batch: %q, want b3 once", got)
	}
}
