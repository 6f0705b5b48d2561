package frame

import "testing"

// TestPeekUpdateReadsWhatDecodeReads: for a message.update the peek reads
// the envelope, the lane (also when only the payload names it) and the
// message id that Decode reads; a frame that needs Decode's rules is
// refused.
func TestPeekUpdateReadsWhatDecodeReads(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		ok         bool
	}{
		{"lane at the top", `{"v":1,"type":"message.update","chat_id":"c","thread_id":"t","cursor":7,"payload":{"message_id":"m","text":"hi"}}`, true},
		{"lane in the payload only", `{"type":"message.update","payload":{"text":"a \"quoted\" text","chat_id":"android:chan_7","thread_id":"t_123","message_id":"m"}}`, true},
		{"chat at the top, thread in the payload", `{"type":"message.update","chat_id":"c","payload":{"message_id":"m","chat_id":"c","thread_id":"t"}}`, true},
		{"payload thread of another chat", `{"type":"message.update","chat_id":"c","payload":{"message_id":"m","chat_id":"d","thread_id":"t"}}`, true},
		{"escaped id", `{"type":"message.update","chat_id":"c","payload":{"message_id":"m\u00e9\"x","text":""}}`, true},
		{"repeated id: the last wins", `{"type":"message.update","chat_id":"c","payload":{"message_id":"a","message_id":"b"}}`, true},
		{"id in another case", `{"type":"message.update","chat_id":"c","payload":{"message_id":"a","Message_ID":"b"}}`, false},
		{"numeric id", `{"type":"message.update","chat_id":"c","payload":{"message_id":7}}`, false},
		{"no id", `{"type":"message.update","chat_id":"c","payload":{"text":"x"}}`, false},
		{"request id", `{"id":3,"type":"message.update","chat_id":"c","payload":{"message_id":"m"}}`, false},
		{"envelope issue", `{"type":"message.update","chat_id":5,"payload":{"message_id":"m"}}`, false},
		{"another type", `{"type":"message.stop","chat_id":"c","payload":{"message_id":"m"}}`, false},
		{"another version", `{"v":2,"type":"message.update","chat_id":"c","payload":{"message_id":"m"}}`, false},
		{"payload not an object", `{"type":"message.update","chat_id":"c","payload":[1]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head, id, ok := PeekUpdate([]byte(tc.data))
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			f, err := Decode([]byte(tc.data), FromServer)
			if err != nil {
				t.Fatal(err)
			}
			if head.Payload != nil || head.Lane() != f.Lane() || id != f.MessageID() || head.Cursor != f.Cursor ||
				head.ChatID != f.ChatID || head.ThreadID != f.ThreadID || head.V != f.V {
				t.Fatalf("peek %+v %q, decode %+v %q", head, id, f, f.MessageID())
			}
		})
	}
}
