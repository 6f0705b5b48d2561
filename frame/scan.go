package frame

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// The envelope is parsed by hand in a single pass: the payload's extent is
// found with a cheap string-aware skip and then unmarshalled exactly once
// into its typed struct (which also validates it). Going through a
// json.RawMessage envelope first would scan and copy the payload twice,
// which for an 8 KiB message.update costs about twice a plain decode.

// rawEnvelope holds the envelope fields' raw JSON values (nil when absent).
type rawEnvelope struct {
	v, id, typ, chatID, threadID, cursor, payload []byte
}

var errSyntax = errors.New("invalid JSON")

// splitEnvelope checks data's top-level object syntax and returns the raw
// value of each envelope field. Values of unknown fields are validated with
// json.Valid; envelope values are validated by their parsers; the payload is
// validated by whoever unmarshals it.
func splitEnvelope(data []byte) (rawEnvelope, error) {
	var env rawEnvelope
	err := eachMember(data, env.set)
	return env, err
}

// eachMember calls fn with the (unescaped) key and the raw value of every
// member of the JSON object data, in document order. It checks the
// object's syntax but not its values' (fn validates what it uses). A
// non-object is errSyntax.
func eachMember(data []byte, fn func(key, val []byte) error) error {
	i, err := openComposite(data, '{', '}')
	if i < 0 || err != nil {
		return err
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return errSyntax
		}
		kend, err := skipString(data, i)
		if err != nil {
			return err
		}
		key := data[i+1 : kend-1]
		if !plain(key) {
			var s string
			if err := json.Unmarshal(data[i:kend], &s); err != nil {
				return err
			}
			key = []byte(s)
		}
		i = skipSpace(data, kend)
		if i >= len(data) || data[i] != ':' {
			return errSyntax
		}
		i = skipSpace(data, i+1)
		vend, err := skipValue(data, i)
		if err != nil {
			return err
		}
		if err := fn(key, data[i:vend]); err != nil {
			return err
		}
		if i, err = nextItem(data, vend, '}'); i < 0 || err != nil {
			return err
		}
	}
}

// eachElement calls fn with the raw value of every element of the JSON
// array data, in order. A non-array is errSyntax.
func eachElement(data []byte, fn func(val []byte)) error {
	i, err := openComposite(data, '[', ']')
	if i < 0 || err != nil {
		return err
	}
	for {
		vend, err := skipValue(data, i)
		if err != nil {
			return err
		}
		fn(data[i:vend])
		if i, err = nextItem(data, vend, ']'); i < 0 || err != nil {
			return err
		}
	}
}

// openComposite checks that data starts with the opening bracket and
// returns where its first item starts, or -1 (with the trailing check's
// error) when the composite is empty.
func openComposite(data []byte, opening, closing byte) (int, error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != opening {
		return -1, errSyntax
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closing {
		return -1, trailing(data, i+1)
	}
	return i, nil
}

// nextItem steps over the separator after a member or element ending at
// i: it returns the start of the next one, or -1 (with the trailing check's
// error) when the closing bracket ends the composite.
func nextItem(data []byte, i int, closing byte) (int, error) {
	i = skipSpace(data, i)
	switch {
	case i >= len(data):
		return -1, errSyntax
	case data[i] == ',':
		return skipSpace(data, i+1), nil
	case data[i] == closing:
		return -1, trailing(data, i+1)
	}
	return -1, errSyntax
}

// set records one field's raw value; a repeated key wins, as in encoding/json.
func (env *rawEnvelope) set(key, val []byte) error {
	switch string(key) {
	case "v":
		env.v = val
	case "id":
		env.id = val
	case "type":
		env.typ = val
	case "chat_id":
		env.chatID = val
	case "thread_id":
		env.threadID = val
	case "cursor":
		env.cursor = val
	case "payload":
		env.payload = val
	default:
		if !json.Valid(val) {
			return errSyntax
		}
	}
	return nil
}

func trailing(data []byte, i int) error {
	if skipSpace(data, i) != len(data) {
		return errors.New("invalid JSON: data after the frame object")
	}
	return nil
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index just past the string starting at data[i]
// (which is '"'). It looks for the next quote with the vectorised
// IndexByte and steps over quotes escaped by an odd run of backslashes.
func skipString(data []byte, i int) (int, error) {
	start := i + 1
	i = start
	for {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return 0, errSyntax
		}
		i += j
		n := 0
		for k := i - 1; k >= start && data[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return i + 1, nil
		}
		i++
	}
}

// skipValue returns the index just past the JSON value starting at data[i].
// It balances brackets and skips strings but does not validate scalars; the
// caller validates the span.
func skipValue(data []byte, i int) (int, error) {
	if i >= len(data) {
		return 0, errSyntax
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		return skipComposite(data, i)
	}
	j := i
	for j < len(data) {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			if j == i {
				return 0, errSyntax
			}
			return j, nil
		}
		j++
	}
	return j, nil
}

func skipComposite(data []byte, i int) (int, error) {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			end, err := skipString(data, i)
			if err != nil {
				return 0, err
			}
			i = end
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		}
		i++
	}
	return 0, errSyntax
}

// parseInt reads a JSON integer (or null as 0) the way json.Unmarshal into
// an int64 would.
func parseInt(raw []byte) (int64, error) {
	if raw == nil || string(raw) == "null" {
		return 0, nil
	}
	if !validInt(raw) {
		return 0, errors.New("invalid JSON: not an integer: " + strconv.Quote(clip(raw)))
	}
	return strconv.ParseInt(string(raw), 10, 64)
}

// validInt reports whether raw is a JSON number without fraction or exponent.
func validInt(raw []byte) bool {
	if len(raw) > 0 && raw[0] == '-' {
		raw = raw[1:]
	}
	if len(raw) == 0 || (raw[0] == '0' && len(raw) > 1) {
		return false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseString reads a JSON string (or null as ""), avoiding the reflection
// path for the common case of a plain ASCII-safe string.
func parseString(raw []byte) (string, error) {
	if raw == nil || string(raw) == "null" {
		return "", nil
	}
	if len(raw) >= 2 && raw[0] == '"' && plain(raw[1:len(raw)-1]) {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}

// plain reports whether a string body needs no unescaping or validation
// beyond being printable ASCII.
func plain(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// parseOpt reads an optional string envelope field: absent, null, or a
// string. A number is kept as its text (ids sent as numbers); any other
// value reads as null. The issue records either (Field "" when there was
// none); only invalid JSON is an error.
func parseOpt(raw []byte, name string) (OptString, FieldIssue, error) {
	if raw == nil {
		return OptString{}, FieldIssue{}, nil
	}
	if raw[0] == '"' {
		s, err := parseString(raw)
		return Some(s), FieldIssue{}, err
	}
	if !json.Valid(raw) {
		return OptString{}, FieldIssue{}, errSyntax
	}
	switch k := jsonKind(raw); k {
	case "null":
		return Null(), FieldIssue{}, nil
	case "number":
		return Some(string(raw)), FieldIssue{Field: name, Got: k, Want: "string", Kept: true}, nil
	default:
		return Null(), FieldIssue{Field: name, Got: k, Want: "string"}, nil
	}
}

func clip(b []byte) string {
	if len(b) > 32 {
		return string(b[:32]) + "…"
	}
	return string(b)
}
