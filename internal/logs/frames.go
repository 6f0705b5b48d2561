package logs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
)

// redacted replaces a secret value.
const redacted = "[redacted]"

// secretKeys name fields whose value is never logged (compared lower-case).
var secretKeys = map[string]bool{"token": true, "fcm_token": true, "ntfy_topic": true}

// contentKeys name fields that carry what the user and the agent wrote;
// they are logged only with --debug-content.
var contentKeys = map[string]bool{
	"text": true, "reasoning": true, "final_text": true, "body": true,
	"snippet": true, "args": true, "output": true, "output_preview": true,
	"preview": true, "note": true, "question": true, "query": true,
}

// FrameLogger returns a function that logs one JSON frame at debug level to
// lg: direction, type, length and the frame with secret fields replaced at
// any depth, and content fields too unless content is true. A frame that is
// not valid JSON is logged by its length only.
func FrameLogger(lg *slog.Logger, content bool) func(outgoing bool, data []byte) {
	return func(outgoing bool, data []byte) {
		dir := "in"
		if outgoing {
			dir = "out"
		}
		v, err := decode(data)
		if err != nil {
			lg.Debug("frame", "dir", dir, "len", len(data), "invalid", true)
			return
		}
		lg.Debug("frame", "dir", dir, "type", typeOf(v), "len", len(data), "frame", encode(redact(v, content)))
	}
}

// decode parses exactly one JSON value, keeping numbers as written.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("trailing data after the frame")
	}
	return v, nil
}

// typeOf returns the frame's "type" field, or "".
func typeOf(v any) string {
	m, _ := v.(map[string]any)
	t, _ := m["type"].(string)
	return t
}

// redact returns v with secret (and, unless content, content) values
// replaced, at any depth.
func redact(v any, content bool) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, val := range v {
			key := strings.ToLower(k)
			switch {
			case secretKeys[key]:
				out[k] = redacted
			case !content && contentKeys[key]:
				out[k] = describe(val)
			default:
				out[k] = redact(val, content)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, val := range v {
			out[i] = redact(val, content)
		}
		return out
	default:
		return v
	}
}

// describe stands in for a redacted content value: its size, not its text.
func describe(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("[%d chars]", len([]rune(s)))
	}
	return redacted
}

// encode writes v as compact JSON without HTML escaping.
func encode(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return redacted
	}
	return strings.TrimSuffix(b.String(), "\n")
}
