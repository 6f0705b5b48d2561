package frame

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Decode parses one JSON frame sent in direction dir. A missing `v` is read
// as version 1; another major version returns a *VersionError (with the
// frame's type and id filled in as far as they parsed). Unknown types decode
// with an *Unknown payload. Unknown fields are ignored.
//
// Decoding tolerates a field, not only a frame: a field whose JSON type
// does not fit is converted when that is safe (a float where an integer is
// expected, an id sent as a number, a numeric string) or else left at its
// zero value, and either way recorded in Frame.Issues; the rest of the frame
// applies (see tolerant.go). Decode fails only for invalid JSON, a payload
// that is not an object, or an envelope without a usable type or version.
// When only the payload is unusable, the returned Frame still carries the
// envelope (so a caller can fail the request with that id).
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
		if _, own := p.(laneCarrier); !own && (!f.ChatID.Valid || !f.ThreadID.Present) {
			f.inPayload = scanLane(env.payload)
		}
		if u, ok := p.(*MessageUpdate); ok && decodeUpdateFast(env.payload, u) {
			f.Payload = p
			return f, nil
		}
		if err := json.Unmarshal(env.payload, p); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return f, fmt.Errorf("malformed %s payload: %w", f.Type, err)
			}
			p = newPayload(f.Type, dir)
			issues, err := decodeTolerant(env.payload, p)
			if err != nil {
				return f, fmt.Errorf("malformed %s payload: %w", f.Type, err)
			}
			f.Issues = append(f.Issues, issues...)
		}
	}
	f.Payload = p
	return f, nil
}

// fill parses the envelope fields into f. The version and the type must
// parse; an id, cursor, chat_id or thread_id of the wrong JSON type is
// converted or ignored like a payload field and recorded in f.Issues.
// Invalid JSON anywhere fails.
func (env *rawEnvelope) fill(f *Frame) error {
	v, issue, err := envelopeInt(env.v, "v")
	if err != nil {
		return err
	}
	if issue.Field != "" && !issue.Kept {
		return errors.New("invalid JSON: version is not a number: " + strconv.Quote(clip(env.v)))
	}
	f.V = int(v)
	f.note(issue)
	if f.Type, err = parseString(env.typ); err != nil {
		return err
	}
	if f.ID, issue, err = envelopeInt(env.id, "id"); err != nil {
		return err
	}
	f.note(issue)
	if f.Cursor, issue, err = envelopeInt(env.cursor, "cursor"); err != nil {
		return err
	}
	f.note(issue)
	if f.ChatID, issue, err = parseOpt(env.chatID, "chat_id"); err != nil {
		return err
	}
	f.note(issue)
	f.ThreadID, issue, err = parseOpt(env.threadID, "thread_id")
	f.note(issue)
	return err
}

// note records issue when it names a field.
func (f *Frame) note(issue FieldIssue) {
	if issue.Field != "" {
		f.Issues = append(f.Issues, issue)
	}
}

// envelopeInt reads an integer envelope field (absent or null: 0). A whole
// number written otherwise (7.0, 7e0, "7") is converted; anything else,
// a fraction included (an id is never rounded to another request's), is
// read as 0. The issue describes what happened (Field "" when nothing
// did). Only invalid JSON is an error.
func envelopeInt(raw []byte, name string) (int64, FieldIssue, error) {
	n, err := parseInt(raw)
	if err == nil {
		return n, FieldIssue{}, nil
	}
	if !json.Valid(raw) {
		return 0, FieldIssue{}, err
	}
	got := jsonKind(raw)
	issue := FieldIssue{Field: name, Got: got, Want: "int64"}
	if !wholeNumber(raw, got) {
		return 0, issue, nil
	}
	issue.Kept = convert(raw, got, reflect.ValueOf(&n).Elem(), name)
	return n, issue, nil
}

// wholeNumber reports whether raw is a number, or a string holding one,
// without a fractional part.
func wholeNumber(raw []byte, got string) bool {
	text := string(raw)
	if got == "string" && json.Unmarshal(raw, &text) != nil {
		return false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	return (got == "number" || got == "string") && err == nil && f == math.Trunc(f)
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
