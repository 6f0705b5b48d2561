package wsclient

import (
	"errors"
	"time"

	"github.com/hermes/iris/frame"
)

// Event is what Next returns: *FrameEvent, *StateEvent, *HelloEvent,
// *CursorEvent, *CursorResetEvent, *SyncFailedEvent, *SilenceEvent or
// *ProtocolErrorEvent.
type Event interface{ isEvent() }

// FrameEvent carries one received frame. Every frame the gateway sends
// becomes a FrameEvent, unknown types included (payload *frame.Unknown),
// except:
//   - pong, sync.done (it becomes a CursorEvent) and replayed frames
//     recognised as duplicates;
//   - responses that only answer their request (history, search.results,
//     commands.catalog, commands.complete, media.*, pong, error with an id):
//     they go to the Request caller alone, and are dropped when late.
//
// A response that also changes shared state (the `message` echo of
// message.send, message.deleted, channel.*, ...) goes to the caller AND
// becomes a FrameEvent, so the store applies it like the broadcast other
// devices receive.
type FrameEvent struct {
	Frame frame.Frame
	// Replayed is set for frames replayed by sync (Frame.Cursor > 0).
	Replayed bool
}

// State is the connection state shown to the user.
type State int

// Connection states.
const (
	// StateConnecting: dialling and saying hello.
	StateConnecting State = iota
	// StateOnline: hello.ack received; requests may be sent.
	StateOnline
	// StateReconnecting: the connection ended; the next attempt starts at
	// RetryAt.
	StateReconnecting
	// StateAuthFailed: the gateway rejected the token. Final.
	StateAuthFailed
	// StateProtocolMismatch: hello.ack came in another protocol version.
	// Final.
	StateProtocolMismatch
	// StateStopped: Run returned because its context ended. Final.
	StateStopped
	// StateHandshakeFailed: the gateway's answer to hello cannot be used
	// (Err, a *HandshakeError, says why). Final.
	StateHandshakeFailed
)

// String names the state for logs and the status bar.
func (s State) String() string {
	switch s {
	case StateConnecting:
		return "connecting"
	case StateOnline:
		return "online"
	case StateReconnecting:
		return "reconnecting"
	case StateAuthFailed:
		return "auth failed"
	case StateProtocolMismatch:
		return "protocol mismatch"
	case StateStopped:
		return "stopped"
	case StateHandshakeFailed:
		return "handshake failed"
	}
	return "unknown"
}

// StateEvent reports a connection state change.
type StateEvent struct {
	State State
	// Attempt counts consecutive failed connection attempts (0 when the
	// previous connection was healthy).
	Attempt int
	// RetryAt is when the next attempt starts (StateReconnecting only).
	RetryAt time.Time
	// Err is why the connection ended or failed (nil for a clean state).
	Err error
}

// HelloEvent carries each hello.ack (server caps, channels, cursors).
type HelloEvent struct {
	Ack frame.HelloAck
}

// CursorEvent reports the sync cursor reached. It is queued after every
// frame it covers, so a consumer that persists frames in queue order may
// persist the cursor when it sees this event. Sent at sync.done with
// max(sync.done.cursor, highest replayed cursor).
type CursorEvent struct {
	Cursor int64
}

// SyncFailedEvent reports a sync the gateway answered with an `error`. The
// client sends sync again at RetryAt (with the reconnect backoff for
// Attempt failures in a row); the connection stays up, and a CursorEvent
// follows once a sync succeeds.
type SyncFailedEvent struct {
	Err     *frame.Error
	Attempt int
	Delay   time.Duration // until the next sync
	RetryAt time.Time     // when the event was reported plus Delay
}

// CursorResetEvent reports a gateway whose cursor went backwards: hello.ack
// gave a sync_cursor below the cursor this device had stored (the gateway
// was reset or restored from a backup). The client syncs from Gateway
// instead, so nothing the gateway holds is missed, and drops replayed
// messages already seen by their lane and message id. It is queued before
// the HelloEvent of that connection; the consumer must lower its stored
// cursor to Gateway (later cursors grow from there).
type CursorResetEvent struct {
	Stored  int64 // the cursor the device had
	Gateway int64 // hello.ack's sync_cursor, the cursor synced from
}

// SilenceEvent reports an online connection whose gateway stopped
// answering: nothing at all (no frame, no WebSocket ping or pong) arrived
// within Timing.PingGrace of a keepalive ping. The connection is declared
// dead DeadIn after the report (a StateReconnecting with ErrDead follows)
// unless the gateway talks first: then a SilenceEvent with Over set
// follows. At most one silence is reported at a time. Durations rather
// than times let the consumer count on its own clock.
type SilenceEvent struct {
	// Unanswered is how long the ping had gone unanswered when reported.
	Unanswered time.Duration
	// DeadIn is how long after the report the connection is declared dead.
	DeadIn time.Duration
	// Over reports that the gateway talks again.
	Over bool
}

// ProtocolErrorEvent reports a frame that was skipped: malformed JSON, a
// payload that is not an object, another protocol version (Err wraps
// *frame.VersionError, reported once per connection), an oversized frame
// (ErrFrameTooLarge) or a binary frame outside a transfer
// (ErrUnexpectedBinary). The connection stays up.
type ProtocolErrorEvent struct {
	Err error
}

func (*FrameEvent) isEvent()         {}
func (*StateEvent) isEvent()         {}
func (*HelloEvent) isEvent()         {}
func (*CursorEvent) isEvent()        {}
func (*SyncFailedEvent) isEvent()    {}
func (*SilenceEvent) isEvent()       {}
func (*CursorResetEvent) isEvent()   {}
func (*ProtocolErrorEvent) isEvent() {}

// Errors reported by the client.
var (
	// ErrConnectionLost fails requests pending when the connection ends.
	ErrConnectionLost = errors.New("connection lost")
	// ErrOffline is returned by Request, Send, Upload and Pull while no
	// connection is online.
	ErrOffline = errors.New("not connected to the gateway")
	// ErrTimeout fails a request whose response did not come in time.
	ErrTimeout = errors.New("request timed out")
	// ErrClosed is returned by Next once Run has returned and every queued
	// event was taken.
	ErrClosed = errors.New("client stopped")
	// ErrFrameTooLarge reports a received frame above MaxFrameSize.
	ErrFrameTooLarge = errors.New("frame too large")
	// ErrUnexpectedBinary reports a binary frame outside a media transfer.
	ErrUnexpectedBinary = errors.New("binary frame outside a media transfer")
	// ErrMalformed wraps frames that could not be decoded.
	ErrMalformed = errors.New("malformed frame")
	// ErrDead reports a connection silent for longer than DeadAfter.
	ErrDead = errors.New("connection dead: nothing received in time")
	// ErrSizeMismatch reports media whose byte count differs from the
	// announced size.
	ErrSizeMismatch = errors.New("media size mismatch")
	// ErrChecksum reports media whose sha256 differs from the announced one.
	ErrChecksum = errors.New("media sha256 mismatch")
)

// HandshakeError is returned by Run when the gateway answered hello with
// something Iris cannot use: a hello.ack whose payload is not an object,
// only frames that could not be read, or a refusal other than auth (code
// unsupported). Reconnecting would meet the same answer, so it is final.
type HandshakeError struct {
	// Err says what was wrong (gateway text in it is untrusted: sanitise it
	// before display).
	Err error
}

// Error says that the handshake failed and why.
func (e *HandshakeError) Error() string {
	return "the gateway's answer to hello cannot be used: " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *HandshakeError) Unwrap() error { return e.Err }

// AuthError is returned by Run when the gateway rejected the token.
type AuthError struct {
	// Message is the gateway's explanation (untrusted text: sanitise it
	// before display).
	Message string
}

// Error explains the failure and where to fix the token.
func (e *AuthError) Error() string {
	msg := "the gateway rejected the token; check the token in the config file, IRIS_TOKEN or --token"
	if e.Message != "" {
		msg += " (gateway said: " + e.Message + ")"
	}
	return msg
}
