package wsclient_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

const (
	testToken   = simtest.Token
	defaultChat = "iris:default"
	waitLimit   = 10 * time.Second
)

// newClient returns a client for url with fast timers; mod adjusts cfg.
func newClient(t testing.TB, url string, mod func(*wsclient.Config)) *wsclient.Client {
	t.Helper()
	cfg := wsclient.Config{URL: url, Token: testToken, DeviceID: "dev_test", DeviceName: "test", Timing: simtest.FastTiming()}
	if mod != nil {
		mod(&cfg)
	}
	c, err := wsclient.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// running is a client whose Run goroutine the test controls.
type running struct {
	*wsclient.Client
	cancel context.CancelFunc
	done   chan error
}

// start runs c until the test ends (or stop is called).
func start(t testing.TB, c *wsclient.Client) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{Client: c, cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- c.Run(ctx) }()
	t.Cleanup(func() { r.stop(t) })
	return r
}

// stop cancels Run and waits for it.
func (r *running) stop(t testing.TB) error {
	r.cancel()
	select {
	case err := <-r.done:
		r.done <- err
		return err
	case <-time.After(waitLimit):
		t.Fatal("Run did not return after cancel")
		return nil
	}
}

// collector drains a client's events in the background and lets the test
// wait for the ones it expects.
type collector struct {
	mu     sync.Mutex
	events []wsclient.Event
	wake   chan struct{}
}

func collect(t testing.TB, c *wsclient.Client) *collector {
	col := &collector{wake: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() {
		for {
			ev, err := c.Next(ctx)
			if err != nil {
				return
			}
			col.mu.Lock()
			col.events = append(col.events, ev)
			close(col.wake)
			col.wake = make(chan struct{})
			col.mu.Unlock()
		}
	}()
	return col
}

// all returns the events collected so far.
func (col *collector) all() []wsclient.Event {
	col.mu.Lock()
	defer col.mu.Unlock()
	return append([]wsclient.Event(nil), col.events...)
}

// wait returns the index of the first event at or after from matching pred.
func (col *collector) wait(t testing.TB, from int, what string, pred func(wsclient.Event) bool) int {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		col.mu.Lock()
		for i := from; i < len(col.events); i++ {
			if pred(col.events[i]) {
				col.mu.Unlock()
				return i
			}
		}
		from = max(from, 0)
		wake := col.wake
		col.mu.Unlock()
		select {
		case <-wake:
		case <-deadline:
			t.Fatalf("timed out waiting for %s; events: %s", what, describe(col.all()))
		}
	}
}

func isState(s wsclient.State) func(wsclient.Event) bool {
	return func(ev wsclient.Event) bool {
		se, ok := ev.(*wsclient.StateEvent)
		return ok && se.State == s
	}
}

func isFrame(typ string) func(wsclient.Event) bool {
	return func(ev wsclient.Event) bool {
		fe, ok := ev.(*wsclient.FrameEvent)
		return ok && fe.Frame.Type == typ
	}
}

func isProtocolError(target error) func(wsclient.Event) bool {
	return func(ev wsclient.Event) bool {
		pe, ok := ev.(*wsclient.ProtocolErrorEvent)
		return ok && errors.Is(pe.Err, target)
	}
}

// describe summarises events for failure messages.
func describe(evs []wsclient.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		switch e := ev.(type) {
		case *wsclient.FrameEvent:
			b.WriteString(e.Frame.Type)
		case *wsclient.StateEvent:
			b.WriteString("[" + e.State.String() + "]")
		case *wsclient.CursorEvent:
			b.WriteString("[cursor]")
		case *wsclient.HelloEvent:
			b.WriteString("[hello]")
		case *wsclient.ProtocolErrorEvent:
			b.WriteString("[protocol error: " + e.Err.Error() + "]")
		case *wsclient.SilenceEvent:
			b.WriteString(fmt.Sprintf("[silence over=%v]", e.Over))
		}
		b.WriteString(" ")
	}
	return b.String()
}

// rawServer is a hand-scripted gateway on a real loopback socket, for
// misbehaviour the simulator does not produce. It answers hello with
// hello.ack and sync with sync.done, then hands the connection to the test.
type rawServer struct {
	url    string
	conns  chan *rawConn
	script rawScript
}

// rawScript varies a rawServer's handshake.
type rawScript struct {
	// acks[i] is sent as is in answer to the i-th connection's hello (the
	// last one for later connections); none: a default hello.ack.
	acks []string
	// dones[i] is the cursor of the sync.done answering the i-th
	// connection's sync (the last one for later connections); none: 7.
	dones []int64
	// syncErr, when set, answers each connection's first sync with an
	// `error` (code internal) carrying this message instead of sync.done.
	syncErr string
	// afterSync, when set, runs on the connection right after the
	// handshake, before the test gets it.
	afterSync func(ws *websocket.Conn)
}

// rawConn is one accepted connection of a rawServer.
type rawConn struct {
	ws         *websocket.Conn
	in         chan frame.Frame // frames the client sent after the handshake
	syncCursor int64            // the cursor the client synced from
	ack        string           // hello.ack sent as is ("" the default)
	done       int64            // the cursor of the sync.done answering sync
	syncErr    string           // see rawScript.syncErr
}

func startRaw(t testing.TB) *rawServer { t.Helper(); return startRawScript(t, rawScript{}) }

// startRawAck is startRaw answering hello with acks (see rawScript).
func startRawAck(t testing.TB, acks ...string) *rawServer {
	t.Helper()
	return startRawScript(t, rawScript{acks: acks})
}

// startRawScript is startRaw with a varied handshake.
func startRawScript(t testing.TB, script rawScript) *rawServer {
	t.Helper()
	rs := &rawServer{conns: make(chan *rawConn, 4), script: script}
	var accepted atomic.Int64
	rs.url = wstest.Serve(t, func(ws *websocket.Conn) {
		rc := &rawConn{ws: ws, in: make(chan frame.Frame, 64), syncErr: script.syncErr, done: 7}
		i := int(accepted.Add(1)) - 1
		if n := len(script.acks); n > 0 {
			rc.ack = script.acks[min(i, n-1)]
		}
		if n := len(script.dones); n > 0 {
			rc.done = script.dones[min(i, n-1)]
		}
		if !rc.handshake() {
			return
		}
		if script.afterSync != nil {
			script.afterSync(ws)
		}
		rs.conns <- rc
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				close(rc.in)
				return
			}
			if f, err := frame.Decode(data, frame.FromClient); err == nil && f.Type != frame.TypePing {
				rc.in <- f
			}
		}
	})
	return rs
}

func (rc *rawConn) handshake() bool {
	for _, want := range []string{frame.TypeHello, frame.TypeSync} {
		_, data, err := rc.ws.ReadMessage()
		if err != nil {
			return false
		}
		f, err := frame.Decode(data, frame.FromClient)
		if err != nil || f.Type != want {
			return false
		}
		reply := frame.Frame{ID: f.ID, Type: frame.TypeHelloAck, Payload: &frame.HelloAck{SyncCursor: 7}}
		if want == frame.TypeHello && rc.ack != "" {
			if rc.ws.WriteMessage(websocket.TextMessage, []byte(rc.ack)) != nil {
				return false
			}
			continue
		}
		if want == frame.TypeSync {
			rc.syncCursor = f.Payload.(*frame.Sync).Cursor
			reply = frame.Frame{ID: f.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: rc.done}}
			if rc.syncErr != "" {
				reply = frame.Frame{ID: f.ID, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeInternal, Message: rc.syncErr}}
			}
		}
		if rc.sendFrame(reply) != nil {
			return false
		}
	}
	return true
}

func (rc *rawConn) sendFrame(f frame.Frame) error {
	data, err := frame.Encode(f)
	if err != nil {
		return err
	}
	return rc.ws.WriteMessage(websocket.TextMessage, data)
}

func (rs *rawServer) accept(t testing.TB) *rawConn {
	t.Helper()
	select {
	case rc := <-rs.conns:
		return rc
	case <-time.After(waitLimit):
		t.Fatal("no connection reached the raw server")
		return nil
	}
}

// next returns the next frame the client sent.
func (rc *rawConn) next(t testing.TB) frame.Frame {
	t.Helper()
	select {
	case f, ok := <-rc.in:
		if !ok {
			t.Fatal("client connection closed")
		}
		return f
	case <-time.After(waitLimit):
		t.Fatal("the client sent nothing")
		return frame.Frame{}
	}
}

// onlineRaw starts a scripted server and a client (mod adjusts its config;
// nil for none) and waits until the client is online on the accepted
// connection.
func onlineRaw(t testing.TB, mod func(*wsclient.Config)) (*running, *collector, *rawConn) {
	t.Helper()
	rs := startRaw(t)
	c := start(t, newClient(t, rs.url, mod))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	return c, col, rc
}
