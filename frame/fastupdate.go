package frame

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// errSlowPath makes decodeUpdateFast give way to encoding/json.
var errSlowPath = errors.New("frame: not on the fast path")

// updateFields are the keys of a MessageUpdate payload.
var updateFields = [...]string{"message_id", "text", "reasoning"}

// decodeUpdateFast decodes a message.update payload without reflection: the
// streaming path's one decode per shown update is mostly unescaping its
// text. It handles the payload every gateway sends (an object whose
// message_id, text and reasoning are strings) and reports false for
// anything else, which encoding/json then decodes as before: a value of
// another type or null, a key that differs from a field's only in case (or
// is not ASCII: encoding/json folds keys), invalid JSON or UTF-8 in a
// string, a surrogate escape. So where it reports true, p holds what
// json.Unmarshal would have put there (FuzzDecodeUpdateFast).
func decodeUpdateFast(payload []byte, p *MessageUpdate) bool {
	var u MessageUpdate
	err := eachMember(payload, func(key, val []byte) error {
		dst := u.field(key)
		if dst == nil {
			if foldsToField(key) || !json.Valid(val) {
				return errSlowPath
			}
			return nil
		}
		s, ok := unquoteFast(val)
		if !ok {
			return errSlowPath
		}
		*dst = s
		return nil
	})
	if err != nil {
		return false
	}
	*p = u
	return true
}

// field returns the field key names exactly, or nil.
func (u *MessageUpdate) field(key []byte) *string {
	switch string(key) {
	case "message_id":
		return &u.MessageID
	case "text":
		return &u.Text
	case "reasoning":
		return &u.Reasoning
	}
	return nil
}

// foldsToField reports whether encoding/json could match key to a field
// although it is not spelt like one: a different case, or any byte beyond
// ASCII (Unicode case folding).
func foldsToField(key []byte) bool {
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	for _, f := range updateFields {
		if bytes.EqualFold(key, []byte(f)) {
			return true
		}
	}
	return false
}

// unquoteFast unescapes the JSON string raw (with its quotes) the way
// encoding/json does, reporting false for anything it does not handle
// exactly: not a string, a control character, invalid UTF-8, an unknown
// escape or a \u escape of a surrogate.
func unquoteFast(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	i := bytes.IndexByte(body, '\\')
	if i < 0 {
		if !cleanString(body) {
			return "", false
		}
		return string(body), true
	}
	out := make([]byte, 0, len(body))
	for {
		if !cleanString(body[:i]) {
			return "", false
		}
		out = append(out, body[:i]...)
		if i+1 >= len(body) {
			return "", false
		}
		n := 2
		switch c := body[i+1]; c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(body[i+2:])
			if !ok || utf8.RuneLen(r) < 0 {
				return "", false // a surrogate (pair or lone): the slow path
			}
			out = utf8.AppendRune(out, r)
			n = 6
		default:
			return "", false
		}
		body = body[i+n:]
		if i = bytes.IndexByte(body, '\\'); i < 0 {
			if !cleanString(body) {
				return "", false
			}
			return string(append(out, body...)), true
		}
	}
}

// cleanString reports whether b, part of a string body between escapes,
// holds no quote or control character and is valid UTF-8.
func cleanString(b []byte) bool {
	ascii := true
	for _, c := range b {
		if c < 0x20 || c == '"' {
			return false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return ascii || utf8.Valid(b)
}

// hex4 reads the four hex digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
