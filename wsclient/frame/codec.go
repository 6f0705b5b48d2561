package frame

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Decode parses one JSON frame sent in direction dir. A missing `v` is read
// as version 1; another major version returns a *VersionError (with the
// frame's type and id filled in as far as they parsed). Unknown types decode
// with an *Unknown payload. Unknown fields are ignored. When only the
// payload is malformed, the returned Frame still carries the envelope (so a
// caller can fail the request with that id).
func Decode(data []byte, dir Direction) (Frame, error) {
	env, err := splitEnvelope(data)
	if err != nil {
		return Frame{}, fmt.Errorf("malformed frame: %w", err)
	}
	var f Frame
	if err := env.fill(&f); err != nil {
		return Frame{}, fmt.Errorf("malformed frame: %w", err)
	}
	if f.V == 0 {
		f.V = Version
	}
	if f.V != Version {
		return f, &VersionError{Got: f.V}
	}
	if f.Type == "" {
		return f, errors.New("malformed frame: no type")
	}
	p := newPayload(f.Type, dir)
	if u, ok := p.(*Unknown); ok {
		if env.payload != nil && !json.Valid(env.payload) {
			return f, fmt.Errorf("malformed %s payload: %w", f.Type, errSyntax)
		}
		u.Raw = append(json.RawMessage(nil), env.payload...)
		f.Payload = u
		return f, nil
	}
	if env.payload != nil && string(env.payload) != "null" {
		if err := json.Unmarshal(env.payload, p); err != nil {
			return f, fmt.Errorf("malformed %s payload: %w", f.Type, err)
		}
	}
	f.Payload = p
	return f, nil
}

// fill parses the envelope fields into f.
func (env *rawEnvelope) fill(f *Frame) error {
	v, err := parseInt(env.v)
	if err != nil {
		return err
	}
	f.V = int(v)
	if f.ID, err = parseInt(env.id); err != nil {
		return err
	}
	if f.Cursor, err = parseInt(env.cursor); err != nil {
		return err
	}
	if f.Type, err = parseString(env.typ); err != nil {
		return err
	}
	if f.ChatID, err = parseOpt(env.chatID); err != nil {
		return err
	}
	f.ThreadID, err = parseOpt(env.threadID)
	return err
}

// Encode serialises f with v set to Version. A nil Payload encodes as {}.
// Field order on the wire is v, id, type, chat_id, thread_id, cursor,
// payload; absent optional fields are left out.
func Encode(f Frame) ([]byte, error) {
	var payload []byte
	switch p := f.Payload.(type) {
	case nil:
		payload = []byte("{}")
	case *Unknown:
		payload = p.Raw
		if len(payload) == 0 {
			payload = []byte("{}")
		} else if !json.Valid(payload) {
			return nil, fmt.Errorf("encode %s payload: invalid raw JSON", f.Type)
		}
	default:
		raw, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("encode %s payload: %w", f.Type, err)
		}
		payload = raw
	}
	typ, _ := json.Marshal(f.Type)
	b := make([]byte, 0, len(payload)+len(typ)+96)
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, Version, 10)
	if f.ID != 0 {
		b = strconv.AppendInt(append(b, `,"id":`...), f.ID, 10)
	}
	b = append(append(b, `,"type":`...), typ...)
	b = appendOpt(b, `,"chat_id":`, f.ChatID)
	b = appendOpt(b, `,"thread_id":`, f.ThreadID)
	if f.Cursor != 0 {
		b = strconv.AppendInt(append(b, `,"cursor":`...), f.Cursor, 10)
	}
	b = append(append(b, `,"payload":`...), bytes.TrimSpace(payload)...)
	return append(b, '}'), nil
}

func appendOpt(b []byte, key string, o OptString) []byte {
	if !o.Present {
		return b
	}
	v, _ := o.MarshalJSON()
	return append(append(b, key...), v...)
}
