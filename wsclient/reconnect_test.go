package wsclient_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// sendText sends a user message to the default channel.
func sendText(t *testing.T, c *running, text string) frame.Frame {
	t.Helper()
	resp, err := c.Request(context.Background(), frame.Frame{
		Type: frame.TypeMessageSend, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(),
		Payload: &frame.MessageSend{Text: text, ClientMsgID: "c_" + text},
	})
	if err != nil {
		t.Fatalf("message.send: %v", err)
	}
	return resp
}

// TestReconnectMidStreamReplaysWithoutLossOrDuplicates kills the socket
// while the agent streams, several times, and checks that every reply
// arrives exactly once, complete, with the cursor reported after the
// replayed frames it covers.
func TestReconnectMidStreamReplaysWithoutLossOrDuplicates(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d, StreamInterval: time.Millisecond})
		c := start(t, newClient(t, url, nil))
		col := collect(t, c.Client)
		col.wait(t, 0, "online", isState(wsclient.StateOnline))

		const turns = 3
		from := 0
		for i := range turns {
			col.wait(t, from, "online", isState(wsclient.StateOnline))
			sendText(t, c, fmt.Sprintf("question %d", i))
			upd := col.wait(t, from, "a streamed update", isFrame(frame.TypeMessageUpdate))
			sim.DropConnections()
			from = col.wait(t, upd, "reconnecting", isState(wsclient.StateReconnecting))
		}
		col.wait(t, from, "online again", isState(wsclient.StateOnline))
		for {
			idle := 0
			for _, ev := range col.all() {
				if isFrame(frame.TypeAgentIdle)(ev) {
					idle++
				}
			}
			if idle >= turns {
				break
			}
			col.wait(t, len(col.all()), "more events", func(wsclient.Event) bool { return true })
		}

		stops := map[string]int{}
		echoes := map[string]int{}
		texts := map[string]string{}
		replayed, lastReplay, lastCursor := 0, -1, -1
		for i, ev := range col.all() {
			switch e := ev.(type) {
			case *wsclient.FrameEvent:
				if e.Replayed {
					replayed++
					lastReplay = i
				}
				switch p := e.Frame.Payload.(type) {
				case *frame.MessageStop:
					stops[p.MessageID]++
				case *frame.MessageUpdate:
					if stops[p.MessageID] > 0 {
						t.Errorf("update for %s after its stop", p.MessageID)
					}
					texts[p.MessageID] = p.Text
				case *frame.Message:
					echoes[p.MessageID]++
				}
			case *wsclient.CursorEvent:
				lastCursor = i
			}
		}
		if len(stops) != turns {
			t.Fatalf("%d replies finished, want %d: %s", len(stops), turns, describe(col.all()))
		}
		for id, n := range stops {
			if n != 1 {
				t.Errorf("message.stop %s delivered %d times", id, n)
			}
		}
		for id, n := range echoes {
			if n != 1 {
				t.Errorf("message %s delivered %d times", id, n)
			}
		}
		if replayed == 0 {
			t.Error("no frame was replayed by sync; the drops did not interrupt a stream")
		}
		if lastCursor < lastReplay {
			t.Errorf("the last CursorEvent (#%d) precedes a replayed frame (#%d)", lastCursor, lastReplay)
		}
	})
}

func TestDeadConnectionDetectedAndRecovered(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, func(cfg *wsclient.Config) {
		cfg.Timing.DeadAfter = 300 * time.Millisecond
		cfg.Timing.HelloTimeout = 300 * time.Millisecond
	}))
	col := collect(t, c.Client)
	on := col.wait(t, 0, "online", isState(wsclient.StateOnline))
	sim.SetSilent(true)
	began := time.Now()
	i := col.wait(t, on, "reconnecting after silence", isState(wsclient.StateReconnecting))
	if err := col.all()[i].(*wsclient.StateEvent).Err; !errors.Is(err, wsclient.ErrDead) {
		t.Fatalf("reconnect reason %v, want ErrDead", err)
	}
	if waited := time.Since(began); waited < 250*time.Millisecond {
		t.Fatalf("declared dead after %v, before DeadAfter", waited)
	}
	sim.SetSilent(false)
	col.wait(t, i, "online again", isState(wsclient.StateOnline))
	if _, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeCommandsCatalog}); err != nil {
		t.Fatalf("request after recovery: %v", err)
	}
}

func TestBackoffGrowsAndStopsOnCancel(t *testing.T) {
	var ceilings []time.Duration
	c := newClient(t, "ws://127.0.0.1:1/", func(cfg *wsclient.Config) {
		cfg.Timing.Jitter = func(max time.Duration) time.Duration {
			ceilings = append(ceilings, max)
			return time.Millisecond
		}
		cfg.Timing.BackoffBase = 10 * time.Millisecond
		cfg.Timing.BackoffMax = 50 * time.Millisecond
	})
	r := start(t, c)
	col := collect(t, c)
	from := 0
	for range 5 {
		from = col.wait(t, from, "reconnecting", isState(wsclient.StateReconnecting)) + 1
	}
	if err := r.stop(t); err != nil {
		t.Fatalf("Run after cancel = %v", err)
	}
	col.wait(t, from, "stopped", isState(wsclient.StateStopped))
	want := []time.Duration{10, 20, 40, 50, 50}
	for i, w := range want {
		if ceilings[i] != w*time.Millisecond {
			t.Fatalf("backoff ceilings %v, want %v ms", ceilings[:5], want)
		}
	}
	for i, ev := range col.all() {
		if se, ok := ev.(*wsclient.StateEvent); ok && se.State == wsclient.StateReconnecting && se.RetryAt.IsZero() {
			t.Fatalf("event %d: reconnecting without RetryAt", i)
		}
	}
}

// TestRestartingStatusReconnectsQuickly: after status restarting the next
// attempt waits RestartDelay instead of the (here huge) backoff, and the
// status frame reaches the consumer before the connection state changes.
func TestRestartingStatusReconnectsQuickly(t *testing.T) {
	rs := startRaw(t)
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		cfg.Timing.Jitter = func(time.Duration) time.Duration { return time.Hour }
		cfg.Timing.RestartDelay = 10 * time.Millisecond
	}))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	on := col.wait(t, 0, "online", isState(wsclient.StateOnline))
	rc.sendFrame(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	st := col.wait(t, on, "status restarting", isFrame(frame.TypeStatus))
	rc.ws.Close()
	i := col.wait(t, on, "reconnecting", isState(wsclient.StateReconnecting))
	if i < st {
		t.Fatal("the state changed before the restarting notice was delivered")
	}
	if wait := time.Until(col.all()[i].(*wsclient.StateEvent).RetryAt); wait > time.Second {
		t.Fatalf("retry in %v after a restart notice", wait)
	}
	rs.accept(t)
	col.wait(t, i, "online again", isState(wsclient.StateOnline))
}

// TestHealthyConnectionResetsBackoff: attempts count up across short-lived
// connections and restart from 1 after one that stayed up for HealthyAfter.
func TestHealthyConnectionResetsBackoff(t *testing.T) {
	for _, tc := range []struct {
		healthy time.Duration
		want    string
	}{{time.Hour, "[1 2 3]"}, {time.Nanosecond, "[1 1 1]"}} {
		sim, url := simtest.StartSim(t, gatewaysim.Config{})
		c := start(t, newClient(t, url, func(cfg *wsclient.Config) { cfg.Timing.HealthyAfter = tc.healthy }))
		col := collect(t, c.Client)
		var attempts []int
		from := 0
		for range 3 {
			from = col.wait(t, from, "online", isState(wsclient.StateOnline))
			sim.DropConnections()
			from = col.wait(t, from, "reconnecting", isState(wsclient.StateReconnecting))
			attempts = append(attempts, col.all()[from].(*wsclient.StateEvent).Attempt)
		}
		if fmt.Sprint(attempts) != tc.want {
			t.Errorf("HealthyAfter %v: attempts %v, want %s", tc.healthy, attempts, tc.want)
		}
		c.stop(t)
	}
}

// TestRestartAnnouncedKeepsRetryingPromptly: after a gateway closes with
// 1012 (service restart) the first attempt waits RestartDelay and, while
// the gateway stays away, every further attempt keeps that pace (a jitter
// over RestartDelay) instead of the backoff growing towards its 30 s cap;
// once RestartWindow has passed on the client's clock, the attempts go
// back to the exponential backoff. Dials are released one at a time and
// the clock is injected, so nothing depends on the scheduler.
func TestRestartAnnouncedKeepsRetryingPromptly(t *testing.T) {
	var mu sync.Mutex // guards ceilings and now
	var ceilings []time.Duration
	now := time.Unix(1_800_000_000, 0)
	gate := make(chan bool) // each dial after the first waits for a verdict: true connects
	var dials atomic.Int64
	rs := startRaw(t)
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		cfg.Timing.RestartDelay = 3 * time.Millisecond
		cfg.Timing.RestartWindow = time.Minute
		cfg.Timing.BackoffBase = time.Millisecond
		cfg.Timing.BackoffMax = 4 * time.Millisecond
		cfg.Timing.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		cfg.Timing.Jitter = func(max time.Duration) time.Duration {
			mu.Lock()
			defer mu.Unlock()
			ceilings = append(ceilings, max)
			return max
		}
		cfg.Dial = func(ctx context.Context, network, addr string) (net.Conn, error) {
			if dials.Add(1) > 1 {
				select {
				case ok := <-gate:
					if !ok {
						return nil, errors.New("connection refused")
					}
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		}
	}))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	from := col.wait(t, 0, "online", isState(wsclient.StateOnline))
	rc.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseServiceRestart, "gateway restarting"), time.Now().Add(time.Second))
	rc.ws.Close()
	reconnecting := func() {
		t.Helper()
		from = col.wait(t, from, "reconnecting", isState(wsclient.StateReconnecting)) + 1
	}
	snapshot := func() string {
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprint(ceilings)
	}
	reconnecting() // attempt 1: RestartDelay, no jitter
	for range 6 {  // the gateway is still away: refused dials
		gate <- false
		reconnecting()
	}
	if got := snapshot(); got != "[3ms 3ms 3ms 3ms 3ms 3ms]" {
		t.Fatalf("delays while the announced restart runs %s, want RestartDelay's pace (3ms each)", got)
	}
	mu.Lock()
	now = now.Add(time.Minute) // the window is over: the gateway is not just restarting
	mu.Unlock()
	gate <- false
	reconnecting()
	if got := snapshot(); got != "[3ms 3ms 3ms 3ms 3ms 3ms 4ms]" {
		t.Fatalf("delays after RestartWindow %s, want the backoff (4ms cap) at the end", got)
	}
	gate <- true
	rs.accept(t)
	col.wait(t, from, "online again", isState(wsclient.StateOnline))
}
