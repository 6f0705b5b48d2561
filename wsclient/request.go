package wsclient

import (
	"context"
	"errors"
	"time"

	"github.com/hermes/iris/frame"
)

// Request sends f with a fresh id (positive, increasing, unique in this
// process) and waits for its outcome. It completes exactly once, with:
//   - the response frame (same id) and a nil error;
//   - the response frame and its *frame.Error when the gateway answered
//     with an `error` frame;
//   - ErrTimeout after Timing.RequestTimeout, or ctx's error;
//   - ErrConnectionLost when the connection ended first (delivery unknown:
//     the caller decides whether to retry);
//   - ErrOffline when no connection is online (nothing was sent).
//
// A response arriving after the request completed is dropped. Media
// transfers have their own calls (Upload, Pull): their binary frames need
// the transfer bookkeeping Request does not do.
func (c *Client) Request(ctx context.Context, f frame.Frame) (frame.Frame, error) {
	resp, _, err := c.request(ctx, f)
	return resp, err
}

// Post sends f, a request the spec gives no response (picker.select,
// agent.steer), with a fresh id, and waits as long as Request would for
// what a gateway may still send (PROTOCOL-NOTES, "Requests and
// responses"). It reports:
//   - confirmed and a nil error: a response with its id came (a gateway
//     that replies);
//   - the gateway's *frame.Error: an error with its id refused it;
//   - neither (false, nil): it was written to a live socket and nothing
//     with its id followed before the timeout or ctx's end: sent, not
//     confirmed, which is not a failure;
//   - ErrConnectionLost: it was written, and the connection ended before
//     the timeout: delivery unknown (a socket's buffer may have held it);
//   - any other error (ErrOffline, a failed write): it was not sent.
func (c *Client) Post(ctx context.Context, f frame.Frame) (confirmed bool, err error) {
	_, written, err := c.request(ctx, f)
	var fe *frame.Error
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &fe), errors.Is(err, ErrConnectionLost):
		return false, err
	case written:
		return false, nil
	}
	return false, err
}

// request is Request; written reports whether f went out on a live socket.
func (c *Client) request(ctx context.Context, f frame.Frame) (resp frame.Frame, written bool, err error) {
	s := c.session()
	if s == nil {
		return frame.Frame{}, false, ErrOffline
	}
	f.ID = c.nextID.Add(1)
	ch, ok := s.register(f.ID)
	if !ok {
		return frame.Frame{}, false, ErrOffline
	}
	if err := s.write(f); err != nil {
		s.unregister(f.ID)
		return frame.Frame{}, false, err
	}
	c.log.Debug("wsclient: request", "type", f.Type, "id", f.ID)
	resp, err = s.await(ctx, f.ID, ch, c.cfg.Timing.RequestTimeout)
	return resp, true, err
}

// await waits for a pending request's result, giving up after timeout or
// when ctx ends. Whoever withdraws the pending entry owns the outcome, so
// the result is delivered exactly once.
func (s *session) await(ctx context.Context, id int64, ch chan result, timeout time.Duration) (frame.Frame, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var giveUp error
	select {
	case r := <-ch:
		return r.f, r.err
	case <-timer.C:
		giveUp = ErrTimeout
	case <-ctx.Done():
		giveUp = ctx.Err()
	}
	if s.unregister(id) {
		return frame.Frame{}, giveUp
	}
	r := <-ch // resolved meanwhile: report what actually happened
	return r.f, r.err
}

// Send sends a frame that expects no response (read.receipt, fcm.register,
// ...). f is sent as given (no id is added). It fails with ErrOffline while
// no connection is online, or ErrConnectionLost when the write fails.
func (c *Client) Send(f frame.Frame) error {
	s := c.session()
	if s == nil {
		return ErrOffline
	}
	return s.write(f)
}
