package frame

import (
	"encoding/json"
	"os"
	"testing"
)

// FuzzDecode feeds arbitrary bytes to Decode in both directions. Decode must
// never panic, must accept only valid JSON, must read the same type as
// encoding/json does, and whatever it accepts must survive Encode and a
// second Decode with the same envelope.
func FuzzDecode(f *testing.F) {
	for path := range goldenFiles(f) {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		`{"v":2,"type":"message"}`, `{"type":"x","payload":[`, `{"type":"\ud800"}`,
		`{"type":"message.update","payload":{"message_id":"m","text":"a\\\"b"}}`,
		`{"id":-1,"cursor":99999999999999999999,"type":"status"}`, `null`, `{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, dir := range []Direction{FromServer, FromClient} {
			fr, err := Decode(data, dir)
			if err != nil {
				continue
			}
			if !json.Valid(data) {
				t.Fatalf("accepted invalid JSON %q", data)
			}
			var m map[string]any
			if json.Unmarshal(data, &m) == nil {
				if s, ok := m["type"].(string); ok && s != fr.Type {
					t.Fatalf("type %q, encoding/json reads %q", fr.Type, s)
				}
			}
			out, err := Encode(fr)
			if err != nil {
				t.Fatalf("re-encode of %q: %v", data, err)
			}
			again, err := Decode(out, dir)
			if err != nil {
				t.Fatalf("decode of re-encoded %q: %v", out, err)
			}
			if again.Type != fr.Type || again.ID != fr.ID || again.Cursor != fr.Cursor ||
				again.ChatID != fr.ChatID || again.ThreadID != fr.ThreadID {
				t.Fatalf("envelope changed: %+v → %+v", fr, again)
			}
		}
	})
}

// FuzzPeekUpdate: whatever PeekUpdate reads, Decode of the same bytes reads
// too (envelope, lane and message id), or Decode fails.
func FuzzPeekUpdate(f *testing.F) {
	for _, s := range []string{
		`{"type":"message.update","chat_id":"c","payload":{"message_id":"m","text":"a\\\"b"}}`,
		`{"type":"message.update","payload":{"chat_id":"c","thread_id":"t","message_id":"m"}}`,
		`{"type":"message.update","payload":{"message_id":"m","MESSAGE_ID":"n","chat_id":"c"}}`,
		`{"type":"message.update","chat_id":"c","payload":{"message_id":"m","text":5}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		head, id, ok := PeekUpdate(data)
		if !ok {
			return
		}
		fr, err := Decode(data, FromServer)
		if err != nil {
			return
		}
		if head.Lane() != fr.Lane() || id != fr.MessageID() || head.Cursor != fr.Cursor || head.Type != fr.Type {
			t.Fatalf("%q: peek %+v %q, decode %+v %q", data, head, id, fr, fr.MessageID())
		}
	})
}
