package frame

import (
	"encoding/json"
	"testing"
)

// fastUpdateSeeds are payloads on and off decodeUpdateFast's path.
var fastUpdateSeeds = []string{
	`{"message_id":"m1","text":"plain"}`,
	`{"message_id":"m1","text":"a\n\"b\"\\ \/ \b\f\r\t \u00e9 \u4e2d é 中 😀","reasoning":"r"}`,
	`{"text":"x","text":"y"}`,
	`{"message_id":"m","Text":"case"}`,
	`{"message_id":"m","TEXT":"a","text":"b"}`,
	`{"message_id":"m","te\u0078t":"escaped key"}`,
	`{"message_id":"m","tex\u212at":"kelvin"}`,
	`{"message_id":"m","text":"\ud83d\ude00 pair"}`,
	`{"message_id":"m","text":"\ud800 lone"}`,
	`{"message_id":"m","text":"bad \x"}`,
	"{\"message_id\":\"m\",\"text\":\"ctl \x01\"}",
	"{\"message_id\":\"m\",\"text\":\"utf8 \xff\"}",
	`{"message_id":7,"text":"number id"}`,
	`{"message_id":"m","text":null}`,
	`{"message_id":"m","chat_id":"c","thread_id":null,"extra":[1,{"a":"b"}],"text":"t"}`,
	`{"message_id":"m","extra":[1,,2],"text":"t"}`,
	`{"message_id":"m","text":"t",}`,
	`{"message_id":"m","text":"\u12"}`,
	`[]`,
}

// TestDecodeUpdateFastMatchesEncodingJSON: where the fast path decodes a
// payload, encoding/json decodes it to the same struct; the common
// payloads do take it.
func TestDecodeUpdateFastMatchesEncodingJSON(t *testing.T) {
	for _, s := range fastUpdateSeeds {
		checkFastUpdate(t, []byte(s))
	}
	for _, s := range fastUpdateSeeds[:3] {
		var u MessageUpdate
		if !decodeUpdateFast([]byte(s), &u) {
			t.Errorf("%s: not on the fast path", s)
		}
	}
}

// FuzzDecodeUpdateFast: the fast path never disagrees with encoding/json.
func FuzzDecodeUpdateFast(f *testing.F) {
	for _, s := range fastUpdateSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkFastUpdate)
}

func checkFastUpdate(t *testing.T, payload []byte) {
	var fast MessageUpdate
	if !decodeUpdateFast(payload, &fast) {
		return
	}
	var want MessageUpdate
	if err := json.Unmarshal(payload, &want); err != nil {
		t.Fatalf("%q: fast path decoded what encoding/json rejects: %v", payload, err)
	}
	if fast != want {
		t.Fatalf("%q: fast path %+v, encoding/json %+v", payload, fast, want)
	}
}
