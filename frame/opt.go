package frame

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// OptString is a JSON string field that keeps apart "absent", "null" and a
// value, so that re-encoding a decoded frame reproduces its fields exactly
// (the spec writes `"thread_id":null` in many places). Use it with the
// `omitzero` tag option.
type OptString struct {
	Val     string // the value when Valid
	Valid   bool   // a string value was present
	Present bool   // the field was present (as a value or as null)
}

// Some returns an OptString holding s.
func Some(s string) OptString { return OptString{Val: s, Valid: true, Present: true} }

// Null returns an OptString that encodes as JSON null.
func Null() OptString { return OptString{Present: true} }

// OrNull returns Some(s) for a non-empty s and Null() otherwise; handy for
// thread ids, where the spec writes null for a channel's flat lane.
func OrNull(s string) OptString {
	if s == "" {
		return Null()
	}
	return Some(s)
}

// String returns the value, or "" when absent or null.
func (o OptString) String() string { return o.Val }

// IsZero reports whether the field is absent (for `omitzero`).
func (o OptString) IsZero() bool { return !o.Present }

// MarshalJSON encodes the value or null.
func (o OptString) MarshalJSON() ([]byte, error) {
	if !o.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(o.Val)
}

// UnmarshalJSON accepts a string or null. Any other JSON value is a type
// error, which Decode's tolerant walk turns into a number's text or an
// absent field (see tolerant.go), so a sloppy gateway cannot make a whole
// frame undecodable.
func (o *OptString) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*o = Null()
		return nil
	}
	if len(b) == 0 || b[0] != '"' {
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: reflect.TypeFor[OptString]()}
	}
	*o = Some("")
	return json.Unmarshal(b, &o.Val)
}

// Ptr returns a pointer to v; for optional numeric and boolean fields.
func Ptr[T any](v T) *T { return &v }
