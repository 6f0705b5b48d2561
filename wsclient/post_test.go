package wsclient_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// selectFrame is the spec's picker.select example.
func selectFrame() frame.Frame {
	return frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: "pm_1", Value: "local/qwen3-27b"}}
}

// TestPostOfARequestWithoutResponse: on a real socket, a picker.select the
// gateway leaves unanswered (the spec gives it no response) is sent, not
// confirmed, never an error; a reply confirms it, an error with its id
// refuses it, and offline nothing is sent.
func TestPostOfARequestWithoutResponse(t *testing.T) {
	c, _, rc := onlineRaw(t, func(cfg *wsclient.Config) { cfg.Timing.RequestTimeout = 100 * time.Millisecond })
	ctx := context.Background()

	if confirmed, err := c.Post(ctx, selectFrame()); confirmed || err != nil {
		t.Fatalf("silence: Post = %v, %v; want sent, not confirmed", confirmed, err)
	}
	if got := rc.next(t); got.Type != frame.TypePickerSelect || got.ID == 0 {
		t.Fatalf("the gateway got %+v", got)
	}

	type outcome struct {
		confirmed bool
		err       error
	}
	answer := func(reply func(id int64) frame.Frame) outcome {
		done := make(chan outcome, 1)
		go func() {
			confirmed, err := c.Post(ctx, selectFrame())
			done <- outcome{confirmed, err}
		}()
		req := rc.next(t)
		if err := rc.sendFrame(reply(req.ID)); err != nil {
			t.Fatal(err)
		}
		return <-done
	}
	if o := answer(func(id int64) frame.Frame {
		return frame.Frame{ID: id, Type: frame.TypePickerSelect, Payload: &frame.Empty{}}
	}); !o.confirmed || o.err != nil {
		t.Fatalf("a reply: Post = %+v; want confirmed", o)
	}
	var fe *frame.Error
	if o := answer(func(id int64) frame.Frame {
		return frame.Frame{ID: id, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeNotFound, Message: "no pending picker"}}
	}); o.confirmed || !errors.As(o.err, &fe) || fe.Code != frame.CodeNotFound {
		t.Fatalf("an error: Post = %+v; want the error", o)
	}

	c.stop(t)
	if _, err := c.Post(ctx, selectFrame()); !errors.Is(err, wsclient.ErrOffline) {
		t.Fatalf("offline: Post = %v; want ErrOffline", err)
	}
}
