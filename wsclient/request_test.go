package wsclient_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

func TestRequestTimeoutThenLateResponseIsDropped(t *testing.T) {
	c, col, rc := onlineRaw(t, func(cfg *wsclient.Config) { cfg.Timing.RequestTimeout = 100 * time.Millisecond })

	_, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeHistory, ChatID: frame.Some(defaultChat)})
	if !errors.Is(err, wsclient.ErrTimeout) {
		t.Fatalf("Request = %v, want ErrTimeout", err)
	}
	req := rc.next(t)
	// The late answer, then a marker frame: the answer must vanish.
	rc.sendFrame(frame.Frame{ID: req.ID, Type: frame.TypeHistory, Payload: &frame.History{}})
	rc.sendFrame(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: "online"}})
	col.wait(t, 0, "marker", isFrame(frame.TypeStatus))
	for _, ev := range col.all() {
		if isFrame(frame.TypeHistory)(ev) {
			t.Fatal("a late response was delivered as an event")
		}
	}
}

func TestRequestsCompleteExactlyOnce(t *testing.T) {
	c, _, rc := onlineRaw(t, nil)

	const n = 20
	var wg sync.WaitGroup
	results := make([]error, n)
	got := make([]frame.Frame, n)
	for i := range n {
		wg.Go(func() {
			got[i], results[i] = c.Request(context.Background(), frame.Frame{Type: frame.TypeCommandsComplete,
				Payload: &frame.CommandsComplete{Prefix: string(rune('a' + i))}})
		})
	}
	// Answer in reverse order of arrival; odd ones with an error; every
	// answer twice (the duplicate must be ignored).
	reqs := make([]frame.Frame, n)
	for i := range n {
		reqs[i] = rc.next(t)
	}
	for i := n - 1; i >= 0; i-- {
		r := reqs[i]
		p := r.Payload.(*frame.CommandsComplete)
		reply := frame.Frame{ID: r.ID, Type: frame.TypeCommandsComplete, Payload: &frame.CommandsCompleteResult{Prefix: p.Prefix}}
		if i%2 == 1 {
			reply = frame.Frame{ID: r.ID, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeRateLimited, Message: p.Prefix}}
		}
		rc.sendFrame(reply)
		rc.sendFrame(reply)
	}
	wg.Wait()
	for i := range n {
		prefix := string(rune('a' + i))
		var fe *frame.Error
		switch {
		case errors.As(results[i], &fe):
			if fe.Code != frame.CodeRateLimited || fe.Message != prefix {
				t.Errorf("request %d got someone else's error %+v", i, fe)
			}
		case results[i] != nil:
			t.Errorf("request %d: %v", i, results[i])
		default:
			if p := got[i].Payload.(*frame.CommandsCompleteResult); p.Prefix != prefix {
				t.Errorf("request %d got the answer for %q", i, p.Prefix)
			}
		}
	}
	if c.Send(frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{MessageID: "m_1"}}) != nil {
		t.Fatal("Send while online failed")
	}
	if f := rc.next(t); f.Type != frame.TypeReadReceipt || f.ID != 0 {
		t.Fatalf("Send delivered %+v", f)
	}
}

func TestPendingRequestFailsWithConnectionLost(t *testing.T) {
	rs := startRaw(t)
	c := start(t, newClient(t, rs.url, nil))
	col := collect(t, c.Client)
	rc := rs.accept(t)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	errc := make(chan error, 1)
	go func() {
		_, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeSearch, Payload: &frame.Search{Query: "x", Scope: "all"}})
		errc <- err
	}()
	rc.next(t)
	rc.ws.NetConn().Close()
	select {
	case err := <-errc:
		if !errors.Is(err, wsclient.ErrConnectionLost) {
			t.Fatalf("Request = %v, want ErrConnectionLost", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("the pending request never completed")
	}
	rs.accept(t) // the client reconnects
}

// TestResponsesThatChangeStateAreAlsoEvents: the simulator answers
// message.send with the `message` echo; the caller gets it, and so does the
// event stream (the store applies it like any broadcast).
func TestResponsesThatChangeStateAreAlsoEvents(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, nil))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	resp := sendText(t, c, "hello there")
	echo, ok := resp.Payload.(*frame.Message)
	if !ok || echo.ClientMsgID != "c_hello there" {
		t.Fatalf("message.send answered %+v", resp)
	}
	col.wait(t, 0, "the echo as an event", func(ev wsclient.Event) bool {
		fe, ok := ev.(*wsclient.FrameEvent)
		if !ok {
			return false
		}
		m, isMsg := fe.Frame.Payload.(*frame.Message)
		return isMsg && m.MessageID == echo.MessageID
	})
	_, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeMediaPull, Payload: &frame.MediaPull{MediaID: "md_missing"}})
	var fe *frame.Error
	if !errors.As(err, &fe) || fe.Code != frame.CodeNotFound {
		t.Fatalf("unknown media: %v", err)
	}
}
