package wsclient_test

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// logBuffer collects a client's log lines (safe for concurrent writes).
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines returns the logged lines containing every one of subs.
func (b *logBuffer) lines(subs ...string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for l := range strings.SplitSeq(b.buf.String(), "\n") {
		ok := l != ""
		for _, s := range subs {
			ok = ok && strings.Contains(l, s)
		}
		if ok {
			out = append(out, l)
		}
	}
	return out
}

// logTo makes cfg log into b.
func logTo(b *logBuffer) func(*wsclient.Config) {
	return func(cfg *wsclient.Config) { cfg.Logger = slog.New(slog.NewTextHandler(b, nil)) }
}

// TestHelloAckWithAWronglyTypedFieldConnects: `server_caps.push: false`
// (a bool where the spec has a string) costs that field only: the client
// goes online, the other caps apply, and the log names the field once.
func TestHelloAckWithAWronglyTypedFieldConnects(t *testing.T) {
	var logs logBuffer
	rs := startRawAck(t, `{"type":"hello.ack","payload":{"server_caps":{"streaming":true,"search":false,"media":true,"push":false,"pickers":true},"sync_cursor":7.0}}`)
	c := start(t, newClient(t, rs.url, logTo(&logs)))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	i := col.wait(t, 0, "hello", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.HelloEvent); return ok })
	col.wait(t, i, "online", isState(wsclient.StateOnline))
	ack := col.all()[i].(*wsclient.HelloEvent).Ack
	if ack.ServerCaps.Search == nil || *ack.ServerCaps.Search || ack.ServerCaps.Push != "" || ack.SyncCursor != 7 {
		t.Fatalf("hello.ack decoded as %+v", ack)
	}
	if rc.syncCursor != 7 {
		t.Fatalf("synced from %d, want the float sync_cursor 7", rc.syncCursor)
	}
	if got := logs.lines("protocol warning", "frame=hello.ack", "field=server_caps.push"); len(got) != 1 {
		t.Fatalf("warnings for server_caps.push: %q", got)
	}
}

// TestUnusableHandshakeIsFinal: a hello.ack Iris cannot use, only
// unreadable frames before the timeout, or a refusal with code
// unsupported end in the final StateHandshakeFailed whose error says why,
// instead of reconnecting for ever.
func TestUnusableHandshakeIsFinal(t *testing.T) {
	for _, c := range []struct {
		name, ack, why string
	}{
		{"payload not an object", `{"type":"hello.ack","payload":"welcome"}`, "malformed hello.ack payload: payload is a string, not an object"},
		{"unreadable frames only", `{"type":"hello.ack","payload":{`, "no readable hello.ack in time; the gateway sent: malformed frame"},
		{"refused as unsupported", `{"type":"error","payload":{"code":"unsupported","message":"client needs protocol v2"}}`, "hello refused: gateway error unsupported: client needs protocol v2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := startRawAck(t, c.ack)
			r := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) { cfg.Timing.HelloTimeout = 300 * time.Millisecond }))
			col := collect(t, r.Client)
			i := col.wait(t, 0, "handshake failed", isState(wsclient.StateHandshakeFailed))
			err := col.all()[i].(*wsclient.StateEvent).Err
			var he *wsclient.HandshakeError
			if !errors.As(err, &he) || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("final error %v, want a HandshakeError saying %q", err, c.why)
			}
			if !strings.HasPrefix(err.Error(), "the gateway's answer to hello cannot be used: ") {
				t.Fatalf("message %q", err)
			}
			select {
			case runErr := <-r.done:
				r.done <- runErr
				if !errors.As(runErr, &he) {
					t.Fatalf("Run returned %v", runErr)
				}
			case <-time.After(waitLimit):
				t.Fatal("Run kept going after a final handshake failure")
			}
			neverReconnected(t, col, "reconnected after an unusable handshake")
		})
	}
}

// neverReconnected fails with why if col holds a reconnecting state.
func neverReconnected(t *testing.T, col *collector, why string) {
	t.Helper()
	for _, ev := range col.all() {
		if isState(wsclient.StateReconnecting)(ev) {
			t.Fatal(why)
		}
	}
}

// TestOddFieldsApplyWithOneWarningPerInterval: frames with float
// timestamps and a string tool args reach the consumer converted; the log
// warns once per frame type and field per interval, then counts what it
// did not repeat.
func TestOddFieldsApplyWithOneWarningPerInterval(t *testing.T) {
	var logs logBuffer
	var now atomic.Int64
	now.Store(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC).UnixNano())
	_, col, rc := onlineRaw(t, func(cfg *wsclient.Config) {
		logTo(&logs)(cfg)
		cfg.Timing.FieldWarnEvery = time.Minute
		cfg.Timing.Now = func() time.Time { return time.Unix(0, now.Load()) }
	})
	send := func(js string) {
		t.Helper()
		if err := rc.ws.WriteMessage(websocket.TextMessage, []byte(js)); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"m1", "m2", "m3"} {
		send(`{"type":"message","chat_id":"iris:default","payload":{"message_id":"` + id + `","text":"hi","ts":1724000000000.0}}`)
	}
	send(`{"type":"tool.start","chat_id":"iris:default","payload":{"index":1,"name":"terminal","args":"pytest -q"}}`)
	ts := col.wait(t, 0, "tool.start", isFrame(frame.TypeToolStart))
	msgs := 0
	for _, ev := range col.all() {
		if fe, ok := ev.(*wsclient.FrameEvent); ok {
			switch p := fe.Frame.Payload.(type) {
			case *frame.Message:
				msgs++
				if p.TS != 1724000000000 || p.Text != "hi" {
					t.Errorf("message %s: ts %d text %q", p.MessageID, p.TS, p.Text)
				}
			case *frame.ToolStart:
				if p.Args["args"] != "pytest -q" || p.Name != "terminal" {
					t.Errorf("tool.start %+v", p)
				}
			}
		}
	}
	if msgs != 3 {
		t.Fatalf("%d of 3 messages delivered", msgs)
	}
	if got := logs.lines("protocol warning", "frame=message", "field=ts"); len(got) != 1 || !strings.Contains(got[0], "occurrences=1") {
		t.Fatalf("ts warnings: %q", got)
	}
	if got := logs.lines("protocol warning", "frame=tool.start", "field=args"); len(got) != 1 {
		t.Fatalf("args warnings: %q", got)
	}
	now.Add(int64(time.Minute))
	send(`{"type":"message","chat_id":"iris:default","payload":{"message_id":"m4","text":"hi","ts":1724000000001.0}}`)
	col.wait(t, ts, "m4", isFrame(frame.TypeMessage))
	if got := logs.lines("protocol warning", "frame=message", "field=ts"); len(got) != 2 || !strings.Contains(got[1], "occurrences=3") {
		t.Fatalf("ts warnings after a minute: %q", got)
	}
}
