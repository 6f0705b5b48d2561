package frame

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// goldenFiles lists the spec's JSON examples (testdata/golden/{server,client})
// with the direction each was sent in.
func goldenFiles(t testing.TB) map[string]Direction {
	t.Helper()
	files := map[string]Direction{}
	for dir, d := range map[string]Direction{"server": FromServer, "client": FromClient} {
		names, err := filepath.Glob(filepath.Join("testdata", "golden", dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			files[n] = d
		}
	}
	if len(files) < 50 {
		t.Fatalf("only %d golden vectors found", len(files))
	}
	return files
}

// TestGoldenRoundTrip decodes every JSON example of the spec into its typed
// payload and re-encodes it: the result must hold exactly the same fields
// (plus "v":1, which Encode always writes).
func TestGoldenRoundTrip(t *testing.T) {
	for path, dir := range goldenFiles(t) {
		t.Run(path, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Decode(data, dir)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if _, unknown := f.Payload.(*Unknown); unknown {
				t.Fatalf("type %q decoded as unknown", f.Type)
			}
			out, err := Encode(f)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			want, got := generic(t, data), generic(t, out)
			want["v"] = float64(Version)
			if strings.HasSuffix(path, "envelope.json") {
				// The spec's envelope example has a placeholder payload ({ }),
				// not a real message; compare the envelope only.
				delete(want, "payload")
				delete(got, "payload")
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("round trip changed the frame\nwant %v\n got %v", want, got)
			}
		})
	}
}

func generic(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%v in %s", err, data)
	}
	return m
}

// TestDecodeMatchesEncodingJSON checks that the hand-written envelope
// scanner accepts and rejects what encoding/json does and reads the same
// values.
func TestDecodeMatchesEncodingJSON(t *testing.T) {
	cases := []struct {
		in string
		ok bool
	}{
		{`{"type":"pong"}`, true},
		{` { "v" : 1 , "id" : 7 , "type" : "error" , "payload" : {"code":"auth"} } `, true},
		{`{"type":"status","payload":{"state":"online"},"extra":[1,{"a":"}"}]}`, true},
		{`{"ty\u0070e":"status","payload":{"state":"x\"}"}}`, true},
		{`{"type":"status","cursor":-3,"payload":null}`, true},
		{`{"type":"status","chat_id":5}`, true},
		{`{"type":"status",}`, false},
		{`{"type":"status"`, false},
		{`{"type":"status"} x`, false},
		{`{"type":"status","id":1.5}`, true}, // tolerated as no id: see TestTolerantFields
		{`{"type":"status","id":01}`, false},
		{`{"type":"status","extra":tru}`, false},
		{`{"type":"status","payload":{"state":}}`, false},
		{`{"type":"mystery","payload":{"a":]}`, false},
		{`{"type":"status","chat_id":nul}`, false},
		{`["type"]`, false},
		{`{"type":"a\`, false},
		{``, false},
	}
	for _, c := range cases {
		f, err := Decode([]byte(c.in), FromServer)
		if (err == nil) != c.ok {
			t.Errorf("Decode(%s) error = %v, want ok=%v", c.in, err, c.ok)
		}
		if err == nil && !json.Valid([]byte(c.in)) {
			t.Errorf("Decode accepted invalid JSON %s", c.in)
		}
		if err == nil && f.Type == "" {
			t.Errorf("Decode(%s) lost the type", c.in)
		}
	}
	f, err := Decode([]byte(`{"ty\u0070e":"status","id":9,"cursor":12,"thread_id":null,"payload":{"state":"x\"}"}}`), FromServer)
	if err != nil {
		t.Fatal(err)
	}
	if f.Type != "status" || f.ID != 9 || f.Cursor != 12 || !f.ThreadID.Present || f.ThreadID.Valid || f.Payload.(*Status).State != `x"}` {
		t.Fatalf("decoded %+v", f)
	}
}

func TestVersionAndErrors(t *testing.T) {
	f, err := Decode([]byte(`{"v":2,"id":4,"type":"message","payload":{"nope":1}}`), FromServer)
	var ve *VersionError
	if !asVersion(err, &ve) || ve.Got != 2 || f.ID != 4 {
		t.Fatalf("v2: %v %+v", err, f)
	}
	if want := "gateway speaks protocol v2, this client speaks v1"; err.Error() != want {
		t.Fatalf("message %q", err)
	}
	f, err = Decode([]byte(`{"id":5,"type":"history","payload":["no"]}`), FromServer)
	if err == nil || f.ID != 5 {
		t.Fatalf("bad payload must fail but keep the id: %v %+v", err, f)
	}
	f, err = Decode([]byte(`{"type":"future.thing","payload":{"x":[1,2]}}`), FromServer)
	if err != nil || string(f.Payload.(*Unknown).Raw) != `{"x":[1,2]}` {
		t.Fatalf("unknown type: %v %+v", err, f)
	}
	if e := (&Error{Code: CodeAuth, Message: "bad token"}); e.Error() != "gateway error auth: bad token" {
		t.Fatalf("Error() = %q", e.Error())
	}
}

func asVersion(err error, ve **VersionError) bool {
	v, ok := err.(*VersionError)
	*ve = v
	return ok
}
