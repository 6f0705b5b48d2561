package session

import (
	"context"
	"errors"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// DeliveryUnknown reports whether a failed request may still have reached
// the gateway: the connection dropped or the answer did not come in time.
func DeliveryUnknown(err error) bool {
	return errors.Is(err, wsclient.ErrConnectionLost) || errors.Is(err, wsclient.ErrTimeout) ||
		errors.Is(err, context.DeadlineExceeded)
}

// NotSent reports whether a request failed before anything was sent.
func NotSent(err error) bool { return errors.Is(err, wsclient.ErrOffline) }

// ConnectionLost reports whether a request's connection dropped before its
// answer came.
func ConnectionLost(err error) bool { return errors.Is(err, wsclient.ErrConnectionLost) }

// TimedOut reports whether a request's answer did not come in time.
func TimedOut(err error) bool {
	return errors.Is(err, wsclient.ErrTimeout) || errors.Is(err, context.DeadlineExceeded)
}

// NoTurnRunning reports whether err is the gateway's not_found answer to a
// steer: no agent turn is running in the lane.
func NoTurnRunning(err error) bool {
	var fe *frame.Error
	return errors.As(err, &fe) && fe.Code == frame.CodeNotFound
}
