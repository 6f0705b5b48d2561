package frame

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// floatIntegers re-encodes JSON data with every integer written as a
// float (42 → 42.0), as a Python gateway may send them.
func floatIntegers(t *testing.T, data []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	var write func(v any)
	write = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			b.WriteByte('{')
			first := true
			for k, e := range x {
				if !first {
					b.WriteByte(',')
				}
				first = false
				kb, _ := json.Marshal(k)
				b.Write(kb)
				b.WriteByte(':')
				write(e)
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				write(e)
			}
			b.WriteByte(']')
		case json.Number:
			b.WriteString(x.String())
			if !strings.ContainsAny(x.String(), ".eE") {
				b.WriteString(".0")
			}
		default:
			eb, _ := json.Marshal(x)
			b.Write(eb)
		}
	}
	write(v)
	return b.Bytes()
}

// TestSpecExamplesWithFloatIntegers: every example of the spec, with each
// integer written as a float (`"id":42.0`, `"limit":50.0`,
// `"ts":1724000000000.0`), decodes to exactly what the example itself
// decodes to: integral numbers are accepted wherever the spec has an
// integer.
func TestSpecExamplesWithFloatIntegers(t *testing.T) {
	for path, dir := range goldenFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Decode(data, dir)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		odd := floatIntegers(t, data)
		got, err := Decode(odd, dir)
		if err != nil {
			t.Fatalf("%s with float integers %s: %v", path, odd, err)
		}
		got.Issues, want.Issues = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s with float integers decoded as\n%+v\nwant\n%+v", path, got.Payload, want.Payload)
		}
	}
}
