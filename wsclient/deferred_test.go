package wsclient

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// testSession is a session without a socket, enough for deferred updates.
func testSession(t *testing.T, log *slog.Logger) *session {
	t.Helper()
	c, err := New(Config{URL: "ws://127.0.0.1:1/", Token: "t", DeviceID: "d", Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	return &session{c: c, reported: map[string]bool{}}
}

// payloadUpdate is a message.update whose lane is in its payload only.
func payloadUpdate(chat, id, text string) []byte {
	return []byte(fmt.Sprintf(`{"v":1,"type":"message.update","payload":{"chat_id":%q,"message_id":%q,"text":%q}}`, chat, id, text))
}

// deferred queues raw the way the reader does.
func deferred(t *testing.T, s *session, raw []byte) Event {
	t.Helper()
	head, id, ok := frame.PeekUpdate(raw)
	if !ok {
		t.Fatalf("not peekable: %s", raw)
	}
	return &deferredUpdate{head: head, messageID: id, raw: raw, s: s}
}

// decoded is the FrameEvent of raw, decoded at once.
func decoded(t *testing.T, raw []byte) Event {
	t.Helper()
	f, err := frame.Decode(raw, frame.FromServer)
	if err != nil {
		t.Fatal(err)
	}
	return &FrameEvent{Frame: f}
}

func laneLabel(ev Event) string {
	fe := ev.(*FrameEvent)
	return fe.Frame.Lane().String() + ":" + label(ev)
}

// TestUpdatesCoalesceByLaneAndMessage: the same message id in two lanes is
// two messages, also when only the payload names the lane, decoded or
// not; in one lane, updates coalesce whichever way they were queued.
func TestUpdatesCoalesceByLaneAndMessage(t *testing.T) {
	s := testSession(t, nil)
	for name, mk := range map[string]func([]byte) Event{
		"decoded":  func(raw []byte) Event { return decoded(t, raw) },
		"deferred": func(raw []byte) Event { return deferred(t, s, raw) },
		"mixed": func(raw []byte) Event {
			if strings.Contains(string(raw), `"12"`) {
				return deferred(t, s, raw)
			}
			return decoded(t, raw)
		},
	} {
		t.Run(name, func(t *testing.T) {
			q := newQueue(16)
			for _, raw := range [][]byte{
				payloadUpdate("c", "m", "1"), payloadUpdate("d", "m", "1"),
				payloadUpdate("c", "m", "12"), payloadUpdate("d", "m", "12"),
			} {
				q.push(mk(raw), nil)
			}
			var got []string
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
			defer cancel()
			for {
				evs, err := q.popBatch(ctx, 10)
				if err != nil {
					break
				}
				for _, ev := range evs {
					got = append(got, laneLabel(ev))
				}
			}
			if want := "[c:u:m=12 d:u:m=12]"; fmt.Sprint(got) != want {
				t.Fatalf("got %v, want %s", got, want)
			}
		})
	}
}

// TestSupersededUpdatesAreNeverDecoded: of a run of updates to one message,
// only the one taken is decoded; a run broken by a terminal frame keeps
// both sides, in order.
func TestSupersededUpdatesAreNeverDecoded(t *testing.T) {
	s := testSession(t, nil)
	q := newQueue(16)
	before := decodes.Load()
	for i := 1; i <= 5; i++ {
		q.push(deferred(t, s, payloadUpdate("c", "m", strings.Repeat("w", i))), nil)
	}
	q.push(terminal(frame.TypeMessageStop, "m"), nil)
	for i := 6; i <= 8; i++ {
		q.push(deferred(t, s, payloadUpdate("c", "m", strings.Repeat("w", i))), nil)
	}
	got := fmt.Sprint(drain(t, q))
	if want := "[u:m=wwwww stop:m u:m=wwwwwwww]"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if n := decodes.Load() - before; n != 2 {
		t.Fatalf("%d updates decoded, want the 2 taken", n)
	}
}

// TestDeferredUpdateThatDoesNotDecode: a taken update whose payload does not
// decode is reported like any malformed frame, once per connection, and
// the batch goes on; a field of the wrong type is logged as a warning and
// the update applies.
func TestDeferredUpdateThatDoesNotDecode(t *testing.T) {
	var log strings.Builder
	s := testSession(t, slog.New(slog.NewTextHandler(&log, nil)))
	q := newQueue(16)
	bad := []byte(`{"type":"message.update","chat_id":"c","payload":{"message_id":"a","text":"\x01"}}`)
	odd := []byte(`{"type":"message.update","chat_id":"c","payload":{"message_id":"b","text":5}}`)
	q.push(deferred(t, s, bad), nil)
	q.push(terminal(frame.TypeMessageStop, "x"), nil)
	q.push(deferred(t, s, bad), nil)
	q.push(deferred(t, s, odd), nil)
	evs, err := q.popBatch(context.Background(), 10)
	if err != nil || len(evs) != 3 {
		t.Fatalf("%d events, %v", len(evs), err)
	}
	if pe, ok := evs[0].(*ProtocolErrorEvent); !ok || !errors.Is(pe.Err, ErrMalformed) {
		t.Fatalf("first event %#v, want a malformed-frame report", evs[0])
	}
	if label(evs[1]) != "stop:x" || label(evs[2]) != "u:b=5" {
		t.Fatalf("then %s, %s", label(evs[1]), label(evs[2]))
	}
	if !strings.Contains(log.String(), "field=text") {
		t.Fatalf("no field warning logged:\n%s", log.String())
	}
}

// TestNextBatchPaces: a batch asked for within BatchEvery of the previous
// one waits (updates coalesce meanwhile) unless a full batch is queued.
func TestNextBatchPaces(t *testing.T) {
	now := time.Unix(0, 0)
	c, err := New(Config{URL: "ws://127.0.0.1:1/", Token: "t", DeviceID: "d", BatchEvery: time.Hour,
		Timing: Timing{Now: func() time.Time { return now }}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c.q.push(update("m", "1"), nil)
	if evs, err := c.NextBatch(ctx, 2); err != nil || len(evs) != 1 {
		t.Fatalf("first batch: %d events, %v", len(evs), err)
	}
	c.q.push(update("m", "12"), nil)
	c.q.push(update("m", "123"), nil)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.NextBatch(cancelled, 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("a batch within the interval did not wait: %v", err)
	}
	now = now.Add(time.Hour)
	evs, err := c.NextBatch(ctx, 2)
	if err != nil || fmt.Sprint(label(evs[0]), len(evs)) != "u:m=1231" {
		t.Fatalf("after the interval: %d events, %v", len(evs), err)
	}
	c.q.push(update("a", "1"), nil)
	c.q.push(update("b", "1"), nil)
	if evs, err := c.NextBatch(cancelled, 2); err != nil || len(evs) != 2 {
		t.Fatalf("a full batch waited: %d events, %v", len(evs), err)
	}
}

// TestReaderPausesAfterLiveUpdates: after queueing a live update, the
// reader waits until just before the consumer's next batch; a replayed
// update, a consumer that is late or does not pace, do not make it wait;
// the wait ends with the context.
func TestReaderPausesAfterLiveUpdates(t *testing.T) {
	now := time.Unix(0, 0)
	mk := func(every time.Duration) *session {
		c, err := New(Config{URL: "ws://127.0.0.1:1/", Token: "t", DeviceID: "d", BatchEvery: every,
			Timing: Timing{Now: func() time.Time { return now }}})
		if err != nil {
			t.Fatal(err)
		}
		return &session{c: c, reported: map[string]bool{}, done: make(chan struct{})}
	}
	live := frame.Frame{Type: frame.TypeMessageUpdate}
	replayed := frame.Frame{Type: frame.TypeMessageUpdate, Cursor: 7}

	s := mk(time.Second)
	if d := s.pauseAfter(live); d != 0 {
		t.Errorf("before the first batch: pause %v", d)
	}
	s.c.q.push(update("m", "1"), nil)
	if _, err := s.c.NextBatch(context.Background(), 8); err != nil {
		t.Fatal(err)
	}
	if d := s.pauseAfter(live); d != time.Second-readAhead {
		t.Errorf("live update with the batch a second away: pause %v, want %v", d, time.Second-readAhead)
	}
	if d := s.pauseAfter(replayed); d != 0 {
		t.Errorf("replayed update: pause %v", d)
	}
	now = now.Add(time.Second)
	if d := s.pauseAfter(live); d != 0 {
		t.Errorf("batch due: pause %v", d)
	}

	s = mk(0)
	s.c.q.push(update("m", "1"), nil)
	if _, err := s.c.NextBatch(context.Background(), 8); err != nil {
		t.Fatal(err)
	}
	if d := s.pauseAfter(live); d != 0 {
		t.Errorf("unpaced consumer: pause %v", d)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.pause(ctx, time.Hour) // returns: the context has ended
	close(s.done)
	s.pause(context.Background(), time.Hour) // returns: the session has ended
}

// TestSetBatchEveryChangesThePace: a new pace holds from the batch after
// the change; 0 stops pacing.
func TestSetBatchEveryChangesThePace(t *testing.T) {
	now := time.Unix(0, 0)
	c, err := New(Config{URL: "ws://127.0.0.1:1/", Token: "t", DeviceID: "d", BatchEvery: time.Minute,
		Timing: Timing{Now: func() time.Time { return now }}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	c.SetBatchEvery(time.Hour)
	c.q.push(update("m", "1"), nil)
	if _, err := c.NextBatch(ctx, 2); err != nil {
		t.Fatal(err)
	}
	c.q.push(update("m", "12"), nil)
	now = now.Add(time.Minute)
	if _, err := c.NextBatch(cancelled, 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("a batch a minute later did not wait for the hour: %v", err)
	}
	now = now.Add(time.Hour)
	c.SetBatchEvery(0)
	if _, err := c.NextBatch(ctx, 2); err != nil {
		t.Fatal(err)
	}
	c.q.push(update("m", "123"), nil)
	if evs, err := c.NextBatch(cancelled, 2); err != nil || len(evs) != 1 {
		t.Fatalf("unpaced, the next batch waited: %d events, %v", len(evs), err)
	}
}
