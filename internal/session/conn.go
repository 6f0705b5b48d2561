package session

import (
	"context"
	"errors"
	"time"

	"github.com/hermes/iris/frame"
)

// Conn is what the engine needs of the gateway connection;
// *wsclient.Client and a connection shared between the processes of a
// profile (internal/devicelink) satisfy it. Its methods are only ever
// called inside Work.
type Conn interface {
	// Request sends f with a fresh id and waits for its response (or an
	// error frame, a timeout, or a lost connection, as an error).
	Request(ctx context.Context, f frame.Frame) (frame.Frame, error)
	// Post sends f, a request the spec gives no response (picker.select,
	// agent.steer), and reports what came of it: confirmed by a reply,
	// refused (the *frame.Error), sent and not confirmed (false, nil),
	// lost with the connection (wsclient.ErrConnectionLost), or not sent
	// (another error). See wsclient.Client.Post.
	Post(ctx context.Context, f frame.Frame) (confirmed bool, err error)
}

// Sender is a Conn that also sends frames without waiting for anything
// (read receipts); *wsclient.Client is one. Over a Conn that is not, no
// receipt is sent.
type Sender interface {
	Send(f frame.Frame) error
}

// Request sends f on c within timeout and returns the answer; an error
// frame that answers it is an error that unwraps to its *frame.Error.
func Request(ctx context.Context, c Conn, timeout time.Duration, f frame.Frame) (frame.Frame, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := c.Request(ctx, f)
	if err == nil && resp.Type == frame.TypeError {
		err = FrameError(resp)
	}
	return resp, err
}

// Post is Conn.Post for f within timeout.
func Post(ctx context.Context, c Conn, timeout time.Duration, f frame.Frame) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return c.Post(ctx, f)
}

// FrameError turns an error frame into a Go error, worded "code: message",
// that unwraps to its *frame.Error (what wsclient.Client.Request returns).
func FrameError(f frame.Frame) error {
	if e, ok := f.Payload.(*frame.Error); ok {
		return answerError{e}
	}
	return errors.New("gateway error")
}

// answerError is an error frame that answered a request.
type answerError struct{ fe *frame.Error }

func (e answerError) Error() string {
	if e.fe.Message != "" {
		return e.fe.Code + ": " + e.fe.Message
	}
	return e.fe.Code
}

func (e answerError) Unwrap() error { return e.fe }

// LaneFrame builds a frame addressed to lane l.
func LaneFrame(typ string, l frame.Lane, payload any) frame.Frame {
	return frame.Frame{Type: typ, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: payload}
}
