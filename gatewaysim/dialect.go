package gatewaysim

import (
	"encoding/json"
	"fmt"

	"github.com/hermes/iris/frame"
)

// Dialect is how much beyond the spec's examples the simulator says.
type Dialect string

const (
	// DialectRich is the default: Iris's protocol extensions, reply_to on
	// turn frames, acks of requests the spec gives no response, a
	// media.pull header, and every lane at the top level.
	DialectRich Dialect = "rich"
	// DialectSpec sends only what 04-wire-protocol.md's examples show: no
	// reply_to on turn frames, no reply to picker.select, agent.steer or
	// fcm.register, lanes in the payload on every other chat-scoped frame,
	// media.pull answered with binary frames and media.pull.end {ok} only,
	// no client_msg_id echo and no extension caps. It is the gateway a
	// client must work with when it follows the spec literally.
	DialectSpec Dialect = "spec"
)

// Dialects lists the dialects, the default first.
var Dialects = []Dialect{DialectRich, DialectSpec}

// ParseDialect reads a dialect name ("" is the default, rich).
func ParseDialect(name string) (Dialect, error) {
	switch d := Dialect(name); d {
	case "", DialectRich:
		return DialectRich, nil
	case DialectSpec:
		return d, nil
	}
	return "", fmt.Errorf("unknown dialect %q (want rich or spec)", name)
}

// rich reports whether the simulator speaks the rich dialect.
func (s *Server) rich() bool { return s.cfg.Dialect == DialectRich }

// lanePayload is a payload that carries its frame's lane inside itself
// instead of the envelope (the spec: chat_id and thread_id "may also be in
// payload").
type lanePayload struct {
	inner          any
	chat, threadID frame.OptString
}

// MarshalJSON writes the inner payload with chat_id and thread_id added in
// front, unless it carries its own.
func (p lanePayload) MarshalJSON() ([]byte, error) {
	var inner []byte
	switch v := p.inner.(type) {
	case nil:
		inner = []byte("{}")
	case *frame.Unknown:
		inner = v.Raw
	default:
		var err error
		if inner, err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(inner, &keys) != nil || keys == nil {
		return inner, nil
	}
	if _, own := keys["chat_id"]; own {
		return inner, nil
	}
	chat, _ := p.chat.MarshalJSON()
	thread, _ := p.threadID.MarshalJSON()
	out := append([]byte(`{"chat_id":`), chat...)
	out = append(append(out, `,"thread_id":`...), thread...)
	if len(keys) > 0 {
		out = append(out, ',')
	}
	return append(out, inner[1:]...), nil
}

// wireLanes is where f's lane goes on the wire: in the spec dialect every
// other chat-scoped frame the simulator encodes (counted from its start,
// so a flow sees both places) carries it in the payload. The frame itself
// is not changed, so a parked frame is placed afresh when replayed.
func (s *Server) wireLanes(f frame.Frame) frame.Frame {
	if s.rich() || !f.ChatID.Present || f.Type == frame.TypeError {
		return f
	}
	if s.laneFlip.Add(1)%2 == 1 {
		return f
	}
	tid := f.ThreadID
	if !tid.Present {
		tid = frame.Null()
	}
	f.Payload = lanePayload{inner: f.Payload, chat: f.ChatID, threadID: tid}
	f.ChatID, f.ThreadID = frame.OptString{}, frame.OptString{}
	return f
}
