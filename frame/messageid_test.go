package frame

import "testing"

func TestFrameMessageID(t *testing.T) {
	for _, c := range []struct {
		js, want string
	}{
		{`{"type":"message","chat_id":"c","payload":{"message_id":"m1","text":"x"}}`, "m1"},
		{`{"type":"message.start","chat_id":"c","payload":{"message_id":"m2"}}`, "m2"},
		{`{"type":"message.update","chat_id":"c","payload":{"message_id":"m3","text":"x"}}`, "m3"},
		{`{"type":"message.stop","chat_id":"c","payload":{"message_id":"m4","final_text":"x"}}`, "m4"},
		{`{"type":"commentary","chat_id":"c","payload":{"message_id":"c5","text":"x"}}`, "c5"},
		{`{"type":"agent.busy","chat_id":"c","payload":{"reason":"x"}}`, ""},
	} {
		f, err := Decode([]byte(c.js), FromServer)
		if err != nil {
			t.Fatalf("decode %s: %v", c.js, err)
		}
		if got := f.MessageID(); got != c.want {
			t.Errorf("%s: MessageID %q, want %q", f.Type, got, c.want)
		}
	}
}
