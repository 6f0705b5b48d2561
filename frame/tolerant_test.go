package frame

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// issueList renders issues compactly: "field:kept" or "field:ignored".
func issueList(issues []FieldIssue) string {
	var out []string
	for _, i := range issues {
		verb := "ignored"
		if i.Kept {
			verb = "kept"
		}
		out = append(out, i.Field+":"+verb)
	}
	return strings.Join(out, " ")
}

// TestTolerantFields decodes the shapes a real gateway (Hermes, Python)
// sends where the spec says otherwise: each odd field is converted or
// dropped alone, recorded as an issue, and the rest of the frame applies.
func TestTolerantFields(t *testing.T) {
	cases := []struct {
		name, js, issues string
		check            func(f Frame) bool
	}{{
		name:   "hello.ack push false",
		js:     `{"type":"hello.ack","payload":{"server_caps":{"streaming":true,"search":false,"push":false,"pickers":true},"sync_cursor":1042,"channels":[{"chat_id":"a:default","kind":"default"}]}}`,
		issues: "server_caps.push:ignored",
		check: func(f Frame) bool {
			a := f.Payload.(*HelloAck)
			return a.SyncCursor == 1042 && a.ServerCaps.Push == "" && *a.ServerCaps.Search == false &&
				*a.ServerCaps.Pickers && len(a.Channels) == 1
		},
	}, {
		name:   "python float ts and context_pct",
		js:     `{"type":"message","chat_id":"c","payload":{"message_id":"m1","role":"assistant","text":"hi","ts":1724000000000.0,"runtime":{"model":"q","context_pct":38.6,"latency":22.5}}}`,
		issues: "ts:kept runtime.context_pct:kept",
		check: func(f Frame) bool {
			m := f.Payload.(*Message)
			return m.TS == 1724000000000 && *m.Runtime.ContextPct == 39 && *m.Runtime.Latency == 22.5 && m.Text == "hi"
		},
	}, {
		name:   "ts in exponent form, tokens as a string",
		js:     `{"type":"message.stop","payload":{"message_id":"m2","final_text":"done","ts":1.724e12,"tokens":"11"}}`,
		issues: "ts:kept tokens:kept",
		check: func(f Frame) bool {
			m := f.Payload.(*MessageStop)
			return m.TS == 1724000000000 && *m.Tokens == 11 && m.FinalText == "done"
		},
	}, {
		name:   "numeric ids",
		js:     `{"type":"message","id":"12","chat_id":7,"thread_id":null,"payload":{"message_id":9001,"text":"x","reply_to":8999}}`,
		issues: "id:kept chat_id:kept message_id:kept reply_to:kept",
		check: func(f Frame) bool {
			m := f.Payload.(*Message)
			return f.ID == 12 && f.ChatID == Some("7") && m.MessageID == "9001" && m.Text == "x" && m.ReplyTo == Some("8999")
		},
	}, {
		name:   "tool args as a string",
		js:     `{"type":"tool.start","payload":{"index":"3","name":"terminal","args":"{\"command\": \"pytest -q\"}"}}`,
		issues: "index:kept args:kept",
		check: func(f Frame) bool {
			ts := f.Payload.(*ToolStart)
			return ts.Index == 3 && ts.Name == "terminal" && ts.Args["args"] == `{"command": "pytest -q"}`
		},
	}, {
		name:   "tool.end ok as 1, duration as a string",
		js:     `{"type":"tool.end","payload":{"index":3,"ok":1,"duration":"12.4","output_preview":["a"]}}`,
		issues: "ok:kept duration:kept output_preview:ignored",
		check: func(f Frame) bool {
			te := f.Payload.(*ToolEnd)
			return *te.OK && *te.Duration == 12.4 && te.OutputPreview == ""
		},
	}, {
		name:   "one bad entry of a list, and one unusable (left out)",
		js:     `{"type":"channel.list","payload":{"channels":[{"chat_id":"a","name":"A"},{"chat_id":"b","name":{"x":1},"is_default":"yes"},"junk",{"chat_id":"c"}]}}`,
		issues: "channels[1].name:ignored channels[1].is_default:ignored channels[2]:ignored",
		check: func(f Frame) bool {
			cs := f.Payload.(*ChannelList).Channels
			return len(cs) == 3 && cs[0].Name == "A" && cs[1].ChatID == "b" && cs[1].IsDefault == nil && cs[2].ChatID == "c"
		},
	}, {
		name:   "a whole object of the wrong kind",
		js:     `{"type":"message","payload":{"message_id":"m","text":"t","runtime":"fast","media":{"media_id":"x"}}}`,
		issues: "runtime:ignored media:ignored",
		check: func(f Frame) bool {
			m := f.Payload.(*Message)
			return m.Runtime == nil && m.Media == nil && m.Text == "t"
		},
	}, {
		name:   "picker fields",
		js:     `{"type":"picker.approval","payload":{"picker_id":17,"command":"rm -rf build","timeout_s":"300","allow_permanent":"false"}}`,
		issues: "picker_id:kept timeout_s:kept allow_permanent:kept",
		check: func(f Frame) bool {
			p := f.Payload.(*Picker)
			return p.PickerID == "17" && *p.TimeoutS == 300 && !*p.AllowPermanent && p.Command == "rm -rf build"
		},
	}, {
		name:   "a fractional id is never rounded",
		js:     `{"type":"history","id":4.5,"cursor":"12","payload":{"messages":[]}}`,
		issues: "id:ignored cursor:kept",
		check:  func(f Frame) bool { return f.ID == 0 && f.Cursor == 12 },
	}, {
		name:   "one bad member of a picker choice",
		js:     `{"type":"picker.clarify","payload":{"picker_id":"pk","question":"Which?","choices":["Blue (Recommended)",{"value":7,"label":"Seven"},{"value":"x","description":["no"]}]}}`,
		issues: "choices[1].value:kept choices[2].description:ignored",
		check: func(f Frame) bool {
			c := f.Payload.(*Picker).Choices
			return len(c) == 3 && c[0].Value == "Blue (Recommended)" && c[0].Recommended &&
				c[1].Value == "7" && c[1].Label == "Seven" && c[2].Value == "x" && f.Payload.(*Picker).Question == "Which?"
		},
	}, {
		name:   "numbers out of range",
		js:     `{"type":"message","cursor":1e300,"payload":{"message_id":"m","tokens":1e300,"ts":"soon"}}`,
		issues: "cursor:ignored tokens:ignored ts:ignored",
		check: func(f Frame) bool {
			m := f.Payload.(*Message)
			return f.Cursor == 0 && m.Tokens == nil && m.TS == 0 && m.MessageID == "m"
		},
	}, {
		name:   "search results echo and hits",
		js:     `{"type":"search.results","id":4,"payload":{"query":"Deploy ","hits":[{"message_id":123,"chat_id":"c","ts":1723900000000.5}]}}`,
		issues: "hits[0].message_id:kept hits[0].ts:kept",
		check: func(f Frame) bool {
			h := f.Payload.(*SearchResults).Hits
			return len(h) == 1 && h[0].MessageID == "123" && h[0].TS == 1723900000001
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Decode([]byte(c.js), FromServer)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if got := issueList(f.Issues); got != c.issues {
				t.Errorf("issues %q, want %q", got, c.issues)
			}
			if !c.check(f) {
				t.Errorf("decoded %+v", f.Payload)
			}
		})
	}
}

// TestTolerantIssuesAreBounded: a frame with thousands of bad fields
// records maxIssues of them and counts the rest; the unusable list
// elements are left out.
func TestTolerantIssuesAreBounded(t *testing.T) {
	js := `{"type":"channel.list","payload":{"channels":[` + strings.Repeat(`1,`, 5000) + `{"chat_id":"ok"}]}}`
	f, err := Decode([]byte(js), FromServer)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Issues) != maxIssues+1 || f.Issues[maxIssues].Field != "(4968 more fields)" {
		t.Fatalf("%d issues, last %+v", len(f.Issues), f.Issues[len(f.Issues)-1])
	}
	if cs := f.Payload.(*ChannelList).Channels; len(cs) != 1 || cs[0].ChatID != "ok" {
		t.Fatalf("%d channels", len(cs))
	}
}

// TestTolerantStillRefuses: invalid JSON, a payload that is not an object
// and an unusable version still fail the frame.
func TestTolerantStillRefuses(t *testing.T) {
	for _, js := range []string{
		`{"type":"message","payload":"text"}`,
		`{"type":"message","payload":[1]}`,
		`{"type":"message","payload":{"text":tru}}`,
		`{"v":"one","type":"message","payload":{}}`,
		`{"type":7,"payload":{}}`,
	} {
		if _, err := Decode([]byte(js), FromServer); err == nil {
			t.Errorf("Decode(%s) succeeded", js)
		}
	}
	if f, err := Decode([]byte(`{"v":"1","type":"pong","payload":{}}`), FromServer); err != nil || f.V != 1 {
		t.Errorf("v as a string: %v %+v", err, f)
	}
}

// FieldIssue.String is what the log line shows.
func TestFieldIssueString(t *testing.T) {
	fi := FieldIssue{Field: "server_caps.push", Got: "bool", Want: "string"}
	if got := fi.String(); got != "field server_caps.push: got bool, want string; ignored" {
		t.Fatal(got)
	}
}

// payloadTypes lists a fresh payload of every known type, both ways.
func payloadTypes() []func() any {
	var mks []func() any
	for _, m := range []map[string]func() any{serverPayloads, clientPayloads} {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			mks = append(mks, m[k])
		}
	}
	return mks
}

// FuzzTolerant checks the field walk against encoding/json: on any payload
// encoding/json accepts, walking it member by member (without the strict
// attempt at the top) must give exactly the same value and no issues; on
// any JSON object it must not panic, and what it yields must re-encode and
// decode strictly.
func FuzzTolerant(f *testing.F) {
	for _, s := range []string{
		`{"message_id":"m","text":"a","ts":1724000000000.0}`,
		`{"server_caps":{"push":false,"search":true},"sync_cursor":3}`,
		`{"TEXT":"a","text":"b","Text":"c"}`,
		`{"channels":[{"chat_id":"a"},"x",null],"messages":[{"media":[{"size":"12"}]}]}`,
		`{"args":"raw","index":"2","ok":0,"runtime":{"context_pct":"38"}}`,
		`{"choices":["a",{"value":"b"}],"timeout_s":"1e3","picker_id":1}`,
		`{"chat_id":null,"thread_id":5,"hits":[{"thread_id":false}]}`,
	} {
		for i := range payloadTypes() {
			f.Add([]byte(s), uint8(i))
		}
	}
	mks := payloadTypes()
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if jsonKind(data) != "object" || !json.Valid(data) {
			return
		}
		mk := mks[int(which)%len(mks)]
		strict := mk()
		if json.Unmarshal(data, strict) == nil {
			walked := mk()
			var issues issueLog
			walk(data, reflect.ValueOf(walked).Elem(), "", &issues)
			if issues.total > 0 || !reflect.DeepEqual(strict, walked) {
				t.Fatalf("%T from %s:\nstrict %+v\nwalked %+v\nissues %v", strict, data, strict, walked, issues.list)
			}
			return
		}
		p := mk()
		issues, err := decodeTolerant(data, p)
		if err != nil {
			t.Fatalf("%T from object %s: %v", p, data, err)
		}
		if len(issues) == 0 {
			t.Fatalf("%T from %s: strict decoding failed but no issue recorded", p, data)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("re-encode %T: %v", p, err)
		}
		if err := json.Unmarshal(out, mk()); err != nil {
			t.Fatalf("%T re-encoded as %s does not decode strictly: %v", p, out, err)
		}
	})
}

// TestTolerantDecodeLeavesTheFastPath: a well-formed frame records no
// issue (the tolerant walk runs only after a strict failure).
func TestTolerantDecodeLeavesTheFastPath(t *testing.T) {
	for path, dir := range goldenFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Decode(data, dir)
		if err != nil || f.Issues != nil {
			t.Errorf("%s: %v %v", path, err, fmt.Sprint(f.Issues))
		}
	}
}
