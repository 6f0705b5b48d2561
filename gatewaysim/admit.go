package gatewaysim

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hermes/iris/frame"
)

// How strictly the simulator reads its clients' frames. It is a reference
// server: a field of the wrong JSON type is refused with unsupported
// rather than guessed at, so that a client learns no liberty a literal
// gateway would not grant. Two things are not wrong types:
//
//   - a JSON number with an integral value written as a float (a limit of
//     5.0, a cursor of 3e2): JSON has one number type, and many encoders
//     write every number that way;
//   - a fractional ts (ping's; a timestamp loses nothing that matters when
//     rounded to the millisecond).
//
// The envelope id is a JSON number (the spec's ids are all numbers; the
// protocol notes: a positive integer). Any other id (a string, a fraction)
// is refused with unsupported, and the error echoes the id as sent when
// it is a string or a number, so the client can still match it.

// envelopeID returns the envelope's id exactly as sent (nil when absent,
// null or unreadable) and whether it is a usable request id: absent, null
// or an integral number. Decode's issues and error say whether the id
// needs a look at all (a well-formed integer id gives neither).
func envelopeID(data []byte, issues []frame.FieldIssue, decodeErr error) (raw json.RawMessage, ok bool) {
	if decodeErr == nil && !slices.ContainsFunc(issues, func(fi frame.FieldIssue) bool { return fi.Field == "id" }) {
		return nil, true
	}
	var env struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &env) != nil || len(env.ID) == 0 || string(env.ID) == "null" {
		return nil, true
	}
	switch env.ID[0] {
	case '"':
		return env.ID, false
	case '{', '[', 't', 'f':
		return nil, false
	}
	return env.ID, integral(json.Number(env.ID))
}

// integral reports whether n is a finite number without a fractional part.
func integral(n json.Number) bool {
	f, err := strconv.ParseFloat(string(n), 64)
	return err == nil && !math.IsInf(f, 0) && f == math.Trunc(f)
}

// refusedIssue returns the first issue of a decoded client frame that the
// simulator does not accept (see above), or false when it accepts them all.
func refusedIssue(data []byte, issues []frame.FieldIssue) (frame.FieldIssue, bool) {
	var doc map[string]any
	for _, fi := range issues {
		if fi.Got != "number" || !fi.Kept || !strings.HasPrefix(fi.Want, "int") {
			return fi, true
		}
		if lastName(fi.Field) == "ts" {
			continue
		}
		if doc == nil {
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if dec.Decode(&doc) != nil {
				return fi, true
			}
		}
		if n, ok := numberAt(doc, fi.Field); !ok || !integral(n) {
			return fi, true
		}
	}
	return frame.FieldIssue{}, false
}

// numberAt finds the number at a FieldIssue path ("limit", "caps.x",
// "list[2].y") in the payload of doc, else in its envelope.
func numberAt(doc map[string]any, path string) (json.Number, bool) {
	for _, root := range []any{doc["payload"], doc} {
		if n, ok := at(root, path).(json.Number); ok {
			return n, true
		}
	}
	return "", false
}

// at walks path through decoded JSON; nil when it leads nowhere.
func at(v any, path string) any {
	for _, part := range strings.Split(path, ".") {
		name, index, _ := strings.Cut(part, "[")
		obj, _ := v.(map[string]any)
		v = obj[name]
		for index != "" {
			var i string
			i, index, _ = strings.Cut(index, "]")
			index = strings.TrimPrefix(index, "[")
			n, err := strconv.Atoi(i)
			list, _ := v.([]any)
			if err != nil || n < 0 || n >= len(list) {
				return nil
			}
			v = list[n]
		}
	}
	return v
}

// lastName is the last member name of a FieldIssue path.
func lastName(path string) string {
	path = path[strings.LastIndexByte(path, '.')+1:]
	name, _, _ := strings.Cut(path, "[")
	return name
}

// sendErrorRawID answers a frame whose id is not a usable request id with
// an error echoing that id as sent (raw nil: no id).
func (c *conn) sendErrorRawID(raw json.RawMessage, code, msg string) {
	data, ok := c.s.encode(frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: code, Message: msg}})
	if !ok {
		return
	}
	if raw != nil {
		head := []byte(`{"v":` + strconv.Itoa(c.s.cfg.ProtocolVersion))
		rest := bytes.TrimPrefix(data, head)
		data = append(append(append(head, `,"id":`...), raw...), rest...)
	}
	c.enqueue(outItem{data: data})
}
