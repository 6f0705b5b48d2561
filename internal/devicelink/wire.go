package devicelink

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// msg is one line of the link protocol: newline-delimited JSON both ways
// over the profile's Unix socket.
//
// Attacher to holder: attach (first, once), request, post, upload, chunk,
// end (the upload's last chunk was sent) and cancel (the caller gave up on
// request ID). Holder to attacher: attached or refused (the answer to
// attach), event, and reply (the outcome of request, post or upload ID).
// IDs are the attacher's own; the holder's Client gives each request the
// gateway sees a fresh id of its own, so the responses route back by the
// attacher's ID without two attachers' ids ever meeting on the wire.
type msg struct {
	Op string `json:"op"`
	ID int64  `json:"id,omitempty"`

	// attach
	Resume  bool   `json:"resume,omitempty"`  // the process already followed an earlier holder
	Since   int64  `json:"since,omitempty"`   // fresh attach: skip replayed frames at or below
	Gateway string `json:"gateway,omitempty"` // the URL and token digest the attacher would connect with
	// Holder names the holder (attached; attach: the one followed last)
	// and Seq numbers its journal's entries (event; attach: the last one
	// had from Holder).
	Holder string `json:"holder,omitempty"`
	Seq    int64  `json:"seq,omitempty"`

	Event     *wireEvent           `json:"event,omitempty"`
	Frame     json.RawMessage      `json:"frame,omitempty"`
	Err       *wireErr             `json:"err,omitempty"`
	Confirmed bool                 `json:"confirmed,omitempty"`
	Spec      *wsclient.UploadSpec `json:"spec,omitempty"`
	Data      []byte               `json:"data,omitempty"`
	Ref       string               `json:"ref,omitempty"`
}

// wireEvent is a wsclient.Event on the link.
type wireEvent struct {
	Kind     string          `json:"kind"`
	Frame    json.RawMessage `json:"frame,omitempty"` // frame; hello (the hello.ack)
	Replayed bool            `json:"replayed,omitempty"`
	Cursor   int64           `json:"cursor,omitempty"`  // cursor
	Stored   int64           `json:"stored,omitempty"`  // reset
	Gateway  int64           `json:"gateway,omitempty"` // reset
	State    wsclient.State  `json:"state,omitempty"`   // state
	Attempt  int             `json:"attempt,omitempty"` // state, sync_failed
	RetryAt  time.Time       `json:"retry_at,omitzero"` // state, sync_failed
	Err      *wireErr        `json:"err,omitempty"`     // state, protocol_error, sync_failed
	Delay    time.Duration   `json:"delay,omitempty"`   // sync_failed
	Silence  *silence        `json:"silence,omitempty"`
}

type silence struct {
	Unanswered time.Duration `json:"unanswered"`
	DeadIn     time.Duration `json:"dead_in"`
	Over       bool          `json:"over,omitempty"`
}

// encodeEvent puts ev on the wire; ok is false for an event it does not
// know (none today).
func encodeEvent(ev wsclient.Event) (*wireEvent, bool) {
	switch ev := ev.(type) {
	case *wsclient.FrameEvent:
		return &wireEvent{Kind: "frame", Frame: encodeFrame(ev.Frame), Replayed: ev.Replayed}, true
	case *wsclient.HelloEvent:
		return &wireEvent{Kind: "hello", Frame: encodeFrame(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack})}, true
	case *wsclient.CursorEvent:
		return &wireEvent{Kind: "cursor", Cursor: ev.Cursor}, true
	case *wsclient.CursorResetEvent:
		return &wireEvent{Kind: "reset", Stored: ev.Stored, Gateway: ev.Gateway}, true
	case *wsclient.StateEvent:
		return &wireEvent{Kind: "state", State: ev.State, Attempt: ev.Attempt, RetryAt: ev.RetryAt, Err: encodeErr(ev.Err)}, true
	case *wsclient.SilenceEvent:
		return &wireEvent{Kind: "silence", Silence: &silence{ev.Unanswered, ev.DeadIn, ev.Over}}, true
	case *wsclient.SyncFailedEvent:
		var err error
		if ev.Err != nil {
			err = ev.Err
		}
		return &wireEvent{Kind: "sync_failed", Err: encodeErr(err), Attempt: ev.Attempt, Delay: ev.Delay, RetryAt: ev.RetryAt}, true
	case *wsclient.ProtocolErrorEvent:
		return &wireEvent{Kind: "protocol_error", Err: encodeErr(ev.Err)}, true
	}
	return nil, false
}

// decodeEvent is encodeEvent's inverse.
func decodeEvent(w *wireEvent) (wsclient.Event, error) {
	switch w.Kind {
	case "frame":
		f, err := frame.Decode(w.Frame, frame.FromServer)
		if err != nil {
			return nil, err
		}
		return &wsclient.FrameEvent{Frame: f, Replayed: w.Replayed}, nil
	case "hello":
		f, err := frame.Decode(w.Frame, frame.FromServer)
		if err != nil {
			return nil, err
		}
		ack, ok := f.Payload.(*frame.HelloAck)
		if !ok {
			return nil, fmt.Errorf("hello event without a hello.ack")
		}
		return &wsclient.HelloEvent{Ack: *ack}, nil
	case "cursor":
		return &wsclient.CursorEvent{Cursor: w.Cursor}, nil
	case "reset":
		return &wsclient.CursorResetEvent{Stored: w.Stored, Gateway: w.Gateway}, nil
	case "state":
		return &wsclient.StateEvent{State: w.State, Attempt: w.Attempt, RetryAt: w.RetryAt, Err: decodeErr(w.Err)}, nil
	case "silence":
		if w.Silence == nil {
			return nil, fmt.Errorf("silence event without its durations")
		}
		return &wsclient.SilenceEvent{Unanswered: w.Silence.Unanswered, DeadIn: w.Silence.DeadIn, Over: w.Silence.Over}, nil
	case "sync_failed":
		var fe *frame.Error
		errors.As(decodeErr(w.Err), &fe)
		return &wsclient.SyncFailedEvent{Err: fe, Attempt: w.Attempt, Delay: w.Delay, RetryAt: w.RetryAt}, nil
	case "protocol_error":
		return &wsclient.ProtocolErrorEvent{Err: decodeErr(w.Err)}, nil
	}
	return nil, fmt.Errorf("unknown event kind %q", w.Kind)
}

// encodeFrame is frame.Encode for frames that came decoded from the
// gateway or a caller: their payloads always marshal.
func encodeFrame(f frame.Frame) json.RawMessage {
	b, err := frame.Encode(f)
	if err != nil {
		b, _ = frame.Encode(frame.Frame{Type: f.Type, ID: f.ID, ChatID: f.ChatID, ThreadID: f.ThreadID, Cursor: f.Cursor})
	}
	return b
}

// wireErr is an error on the link: the sentinels and types callers test
// with errors.Is and errors.As come back as themselves.
type wireErr struct {
	Kind    string `json:"kind"` // a sentinels key, "frame", "auth", "canceled", "deadline" or "text"
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
}

// sentinels are the wsclient errors a caller may test for.
var sentinels = map[string]error{
	"offline":           wsclient.ErrOffline,
	"lost":              wsclient.ErrConnectionLost,
	"timeout":           wsclient.ErrTimeout,
	"closed":            wsclient.ErrClosed,
	"dead":              wsclient.ErrDead,
	"too_large":         wsclient.ErrFrameTooLarge,
	"unexpected_binary": wsclient.ErrUnexpectedBinary,
	"malformed":         wsclient.ErrMalformed,
	"size_mismatch":     wsclient.ErrSizeMismatch,
	"checksum":          wsclient.ErrChecksum,
	"insecure":          wsclient.ErrInsecure,
	"version":           frame.ErrVersion,
	"canceled":          context.Canceled,
	"deadline":          context.DeadlineExceeded,
}

func encodeErr(err error) *wireErr {
	if err == nil {
		return nil
	}
	var fe *frame.Error
	if errors.As(err, &fe) {
		return &wireErr{Kind: "frame", Code: fe.Code, Message: fe.Message}
	}
	var ae *wsclient.AuthError
	if errors.As(err, &ae) {
		return &wireErr{Kind: "auth", Message: ae.Message}
	}
	for kind, s := range sentinels {
		if errors.Is(err, s) {
			return &wireErr{Kind: kind, Message: err.Error()}
		}
	}
	return &wireErr{Kind: "text", Message: err.Error()}
}

func decodeErr(w *wireErr) error {
	if w == nil {
		return nil
	}
	switch w.Kind {
	case "frame":
		return &frame.Error{Code: w.Code, Message: w.Message}
	case "auth":
		return &wsclient.AuthError{Message: w.Message}
	}
	if s, ok := sentinels[w.Kind]; ok {
		return &relayed{text: w.Message, err: s}
	}
	return errors.New(w.Message)
}

// relayed is a sentinel error from the holder, with the holder's text.
type relayed struct {
	text string
	err  error
}

func (e *relayed) Error() string { return e.text }
func (e *relayed) Unwrap() error { return e.err }
