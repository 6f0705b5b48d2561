package wsclient

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

func update(id, text string) Event {
	return &FrameEvent{Frame: frame.Frame{Type: frame.TypeMessageUpdate, ChatID: frame.Some("c"), Payload: &frame.MessageUpdate{MessageID: id, Text: text}}}
}

func progress(index int, note string) Event {
	return &FrameEvent{Frame: frame.Frame{Type: frame.TypeToolProgress, ChatID: frame.Some("c"), Payload: &frame.ToolProgress{Index: index, Note: note}}}
}

func terminal(typ, id string) Event {
	return &FrameEvent{Frame: frame.Frame{Type: typ, ChatID: frame.Some("c"), Payload: &frame.MessageStop{MessageID: id, FinalText: id}}}
}

func label(ev Event) string {
	fe := ev.(*FrameEvent)
	switch p := fe.Frame.Payload.(type) {
	case *frame.MessageUpdate:
		return "u:" + p.MessageID + "=" + p.Text
	case *frame.ToolProgress:
		return fmt.Sprintf("p:%d=%s", p.Index, p.Note)
	case *frame.MessageStop:
		return "stop:" + p.MessageID
	}
	return fe.Frame.Type
}

func drain(t *testing.T, q *queue) []string {
	t.Helper()
	var out []string
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	for {
		ev, err := q.pop(ctx)
		if err != nil {
			return out
		}
		out = append(out, label(ev))
	}
}

func TestQueueCoalescesOnlyWithinRuns(t *testing.T) {
	q := newQueue(16)
	for _, ev := range []Event{
		update("a", "1"), progress(3, "x"), update("a", "12"), update("b", "1"), progress(3, "y"), update("a", "123"),
		terminal(frame.TypeMessageStop, "b"),
		update("a", "1234"), update("a", "12345"),
		terminal(frame.TypeMessageStop, "a"),
		progress(3, "z"),
	} {
		if !q.push(ev, nil) {
			t.Fatal("push failed")
		}
	}
	got := fmt.Sprint(drain(t, q))
	want := "[u:a=123 p:3=y u:b=1 stop:b u:a=12345 stop:a p:3=z]"
	if got != want {
		t.Fatalf("queue order\n got %s\nwant %s", got, want)
	}
	// A key whose queued event was popped starts afresh.
	q.push(update("a", "1"), nil)
	first, _ := q.pop(context.Background())
	q.push(update("a", "12"), nil)
	if label(first) != "u:a=1" || fmt.Sprint(drain(t, q)) != "[u:a=12]" {
		t.Fatal("an update coalesced into an event already taken")
	}
}

func TestQueueBlocksWhenFullAndNeverDropsTerminalFrames(t *testing.T) {
	q := newQueue(2)
	q.push(terminal(frame.TypeMessageStop, "1"), nil)
	q.push(update("x", "1"), nil)
	if !q.push(update("x", "12"), nil) {
		t.Fatal("coalescing into a full queue must not block")
	}
	pushed := make(chan bool)
	go func() { pushed <- q.push(terminal(frame.TypeMessageStop, "3"), nil) }()
	select {
	case <-pushed:
		t.Fatal("push into a full queue did not block")
	case <-time.After(20 * time.Millisecond): // a blocked push cannot be observed otherwise
	}
	if ev, _ := q.pop(context.Background()); label(ev) != "stop:1" {
		t.Fatalf("popped %s", label(ev))
	}
	if !<-pushed {
		t.Fatal("the blocked push failed after a pop made room")
	}
	if got := fmt.Sprint(drain(t, q)); got != "[u:x=12 stop:3]" {
		t.Fatalf("remaining %s", got)
	}
	done := make(chan struct{})
	close(done)
	q.push(terminal(frame.TypeMessageStop, "4"), nil)
	q.push(terminal(frame.TypeMessageStop, "5"), nil)
	if q.push(terminal(frame.TypeMessageStop, "6"), done) {
		t.Fatal("push into a full queue with done closed reported success")
	}
	q.pushFinal(&StateEvent{State: StateStopped})
	q.close()
	n := 0
	for {
		if _, err := q.pop(context.Background()); err != nil {
			if err != ErrClosed || n != 3 {
				t.Fatalf("after %d events: %v", n, err)
			}
			return
		}
		n++
	}
}

func TestQueuePopBatchKeepsOrderAndLimit(t *testing.T) {
	q := newQueue(16)
	for _, ev := range []Event{
		update("a", "1"), terminal(frame.TypeMessageStop, "a"), progress(1, "x"), update("b", "1"), terminal(frame.TypeMessageStop, "b"),
	} {
		q.push(ev, nil)
	}
	labels := func(evs []Event) string {
		var out []string
		for _, ev := range evs {
			out = append(out, label(ev))
		}
		return fmt.Sprint(out)
	}
	first, err := q.popBatch(context.Background(), 3)
	if err != nil || labels(first) != "[u:a=1 stop:a p:1=x]" {
		t.Fatalf("first batch = %s, %v", labels(first), err)
	}
	// An update for a key taken in a batch does not coalesce into it.
	q.push(update("a", "12"), nil)
	rest, err := q.popBatch(context.Background(), 100)
	if err != nil || labels(rest) != "[u:b=1 stop:b u:a=12]" {
		t.Fatalf("second batch = %s, %v", labels(rest), err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if evs, err := q.popBatch(ctx, 10); err == nil {
		t.Fatalf("empty queue returned %d events", len(evs))
	}
}
