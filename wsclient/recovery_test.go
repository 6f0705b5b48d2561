package wsclient_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestSyncAnsweredWithErrorIsRetried: a sync the gateway answers with an
// `error` is reported (SyncFailedEvent) and sent again after the backoff,
// growing with each failure in a row; the connection stays up, and the
// sync that finally succeeds reports its cursor.
func TestSyncAnsweredWithErrorIsRetried(t *testing.T) {
	var mu sync.Mutex // guards ceilings
	var ceilings []time.Duration
	rs := startRawScript(t, rawScript{syncErr: "outbox locked"})
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		cfg.Cursor = func() int64 { return 5 }
		cfg.Timing.BackoffBase = 10 * time.Millisecond
		cfg.Timing.BackoffMax = 40 * time.Millisecond
		cfg.Timing.Jitter = func(max time.Duration) time.Duration {
			mu.Lock()
			defer mu.Unlock()
			ceilings = append(ceilings, max)
			return max
		}
	}))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	first := col.wait(t, 0, "sync failed", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.SyncFailedEvent); return ok })
	sf := col.all()[first].(*wsclient.SyncFailedEvent)
	if sf.Attempt != 1 || sf.Err.Code != frame.CodeInternal || sf.Err.Message != "outbox locked" || sf.Delay != 10*time.Millisecond || sf.RetryAt.IsZero() {
		t.Fatalf("first failure %+v", sf)
	}
	retry := rc.next(t)
	if retry.Type != frame.TypeSync || retry.Payload.(*frame.Sync).Cursor != 5 {
		t.Fatalf("after a failed sync the client sent %s %+v, want sync from 5", retry.Type, retry.Payload)
	}
	rc.sendFrame(frame.Frame{ID: retry.ID, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeInternal}})
	second := col.wait(t, first+1, "second failure", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.SyncFailedEvent); return ok })
	if a := col.all()[second].(*wsclient.SyncFailedEvent).Attempt; a != 2 {
		t.Fatalf("second failure attempt %d", a)
	}
	again := rc.next(t)
	if again.Type != frame.TypeSync || again.ID == retry.ID {
		t.Fatalf("second retry %s id %d (first retry id %d)", again.Type, again.ID, retry.ID)
	}
	rc.sendFrame(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some(defaultChat), Cursor: 6, Payload: &frame.Message{MessageID: "m_6", Text: "missed"}})
	rc.sendFrame(frame.Frame{ID: again.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: 9}})
	cur := col.wait(t, second, "cursor", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
	if got := col.all()[cur].(*wsclient.CursorEvent).Cursor; got != 9 {
		t.Fatalf("cursor %d after the retried sync, want 9", got)
	}
	col.wait(t, second, "the replayed message", isFrame(frame.TypeMessage))
	mu.Lock()
	if fmt.Sprint(ceilings) != "[10ms 20ms]" {
		t.Errorf("retry backoff ceilings %v, want [10ms 20ms]", ceilings)
	}
	mu.Unlock()
	neverReconnected(t, col, "a failed sync dropped the connection")
}

// TestGatewayCursorBelowStoredIsAReset: when hello.ack's sync_cursor is
// below the stored cursor (the gateway was reset or restored), the client
// syncs from the gateway's cursor, reports a CursorResetEvent before the
// HelloEvent, logs it, delivers the replayed frames it had not seen and
// drops the messages it had, by lane and message id.
func TestGatewayCursorBelowStoredIsAReset(t *testing.T) {
	var logs logBuffer
	var stored atomic.Int64
	rs := startRawAck(t,
		`{"type":"hello.ack","payload":{"sync_cursor":7}}`,
		`{"type":"hello.ack","payload":{"sync_cursor":3}}`)
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		logTo(&logs)(cfg)
		cfg.Cursor = stored.Load
	}))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	on := col.wait(t, 0, "online", isState(wsclient.StateOnline))
	msg := func(cursor int64, id string) frame.Frame {
		return frame.Frame{Type: frame.TypeMessage, Cursor: cursor, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(),
			Payload: &frame.Message{MessageID: id, Text: id}}
	}
	rc.sendFrame(msg(0, "m_seen"))
	col.wait(t, on, "the live message", isFrame(frame.TypeMessage))
	stored.Store(42) // what the store persisted before the gateway lost its state
	rc.ws.Close()

	rc = rs.accept(t)
	if rc.syncCursor != 3 {
		t.Fatalf("synced from %d after the gateway went back to 3, want 3", rc.syncCursor)
	}
	reset := col.wait(t, on, "cursor reset", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorResetEvent); return ok })
	if got := *col.all()[reset].(*wsclient.CursorResetEvent); got != (wsclient.CursorResetEvent{Stored: 42, Gateway: 3}) {
		t.Fatalf("reset %+v", got)
	}
	hello := col.wait(t, reset, "hello", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.HelloEvent); return ok })
	on = col.wait(t, hello, "online again", isState(wsclient.StateOnline))
	rc.sendFrame(msg(8, "m_seen")) // below the stored 42, above the gateway's sync.done (7)
	rc.sendFrame(msg(9, "m_new"))
	var got []string
	for _, fe := range deliveredUpTo(t, rc, col, on) {
		if m, ok := fe.Frame.Payload.(*frame.Message); ok {
			got = append(got, m.MessageID)
		}
	}
	if fmt.Sprint(got) != "[m_new]" {
		t.Fatalf("after the reset delivered %v, want [m_new]", got)
	}
	if l := logs.lines("cursor went backwards", "stored_cursor=42", "gateway_cursor=3"); len(l) != 1 {
		t.Fatalf("reset log lines %q", l)
	}
}

// TestCursorZeroReachedIsACursor: a sync.done at cursor 0 (a gateway whose
// outbox was empty) is a cursor reached, not "no cursor": when the
// connection drops and the gateway parks frames meanwhile (here a restarted
// gateway that finished a resumed reply), the next connection syncs from 0
// and gets them, rather than starting at hello.ack's sync_cursor (the
// gateway's head) and skipping them.
func TestCursorZeroReachedIsACursor(t *testing.T) {
	rs := startRawScript(t, rawScript{
		acks:  []string{`{"type":"hello.ack","payload":{"sync_cursor":0}}`, `{"type":"hello.ack","payload":{"sync_cursor":12}}`},
		dones: []int64{0}, // this raw gateway answers sync at once, before it replays
	})
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		cfg.Cursor = func() int64 { return 0 } // a store that persisted no cursor above 0
	}))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	if rc.syncCursor != 0 {
		t.Fatalf("first sync from %d, want 0", rc.syncCursor)
	}
	cur := col.wait(t, 0, "cursor", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
	rc.ws.Close()

	rc = rs.accept(t)
	if rc.syncCursor != 0 {
		t.Fatalf("after reaching cursor 0 the client synced from %d (hello.ack's head), want 0: what was parked meanwhile is skipped", rc.syncCursor)
	}
	on := col.wait(t, cur, "online again", isState(wsclient.StateOnline))
	rc.sendFrame(frame.Frame{Type: frame.TypeMessageStop, Cursor: 11, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(),
		Payload: &frame.MessageStop{MessageID: "m_resumed", FinalText: "Essay part one. Essay part two."}})
	var got []string
	for _, fe := range deliveredUpTo(t, rc, col, on) {
		if m, ok := fe.Frame.Payload.(*frame.MessageStop); ok {
			got = append(got, m.MessageID)
		}
	}
	if fmt.Sprint(got) != "[m_resumed]" {
		t.Fatalf("replayed after the reconnect: %v, want [m_resumed]", got)
	}
}

// TestUploadAckNotOKIsAFailure: media.upload.ack with ok:false fails the
// upload with the gateway's reason (or says none was given).
func TestUploadAckNotOKIsAFailure(t *testing.T) {
	c, _, rc := onlineRaw(t, nil)
	for _, tc := range []struct {
		ack  frame.MediaUploadAck
		want string
	}{
		{frame.MediaUploadAck{OK: frame.Ptr(false), MediaRef: "mu_x", Reason: "disk full"}, "the gateway refused the upload: disk full"},
		{frame.MediaUploadAck{OK: frame.Ptr(false), Message: "virus found"}, "the gateway refused the upload: virus found"},
		{frame.MediaUploadAck{OK: frame.Ptr(false)}, "the gateway refused the upload (no reason given)"},
	} {
		errc := make(chan error, 1)
		go func() {
			_, err := c.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Size: 3}, bytes.NewReader([]byte("abc")), nil)
			errc <- err
		}()
		rc.next(t)
		end := rc.next(t)
		ack := tc.ack
		rc.sendFrame(frame.Frame{ID: end.ID, Type: frame.TypeMediaUploadAck, Payload: &ack})
		err := <-errc
		var re *wsclient.UploadRefusedError
		if !errors.As(err, &re) || err.Error() != tc.want {
			t.Fatalf("upload = %v, want %q", err, tc.want)
		}
	}
}
