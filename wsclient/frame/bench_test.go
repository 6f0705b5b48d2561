package frame

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// BenchmarkDecodeMessageUpdate8K decodes a message.update carrying 8 KiB of
// text with Decode and, interleaved in the same loop, with a plain
// json.Unmarshal into map[string]any. It reports both costs and their ratio
// (target: ratio ≤ 1.5).
func BenchmarkDecodeMessageUpdate8K(b *testing.B) {
	text := strings.Repeat("Streaming **markdown** with `code`, words and numbers 12345.\n", 8192/61+1)[:8192]
	data, err := Encode(Frame{Type: TypeMessageUpdate, ChatID: Some("android:default"), ThreadID: Null(),
		Payload: &MessageUpdate{MessageID: "m_9002", Text: text}})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var ours, base time.Duration
	for b.Loop() {
		t0 := time.Now()
		f, err := Decode(data, FromServer)
		t1 := time.Now()
		var m map[string]any
		err2 := json.Unmarshal(data, &m)
		t2 := time.Now()
		if err != nil || err2 != nil || len(f.Payload.(*MessageUpdate).Text) != len(text) {
			b.Fatal(err, err2)
		}
		ours += t1.Sub(t0)
		base += t2.Sub(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(ours.Nanoseconds())/n, "decode-ns/op")
	b.ReportMetric(float64(base.Nanoseconds())/n, "map-ns/op")
	b.ReportMetric(float64(ours)/float64(base), "ratio")
}

// BenchmarkDecodeTolerant8K decodes an 8 KiB message whose ts is a float
// (as a Python gateway may send it): the strict fast path fails, and the
// tolerant walk decodes it field by field. It reports the cost against the
// same frame with an integer ts, which takes the fast path.
func BenchmarkDecodeTolerant8K(b *testing.B) {
	text := strings.Repeat("Streaming **markdown** with `code`, words and numbers 12345.\n", 8192/61+1)[:8192]
	frameWith := func(ts string) []byte {
		data, err := Encode(Frame{Type: TypeMessage, ChatID: Some("android:default"), ThreadID: Null(),
			Payload: &Message{MessageID: "m_9002", Role: RoleAssistant, Text: text, TS: 1}})
		if err != nil {
			b.Fatal(err)
		}
		return []byte(strings.Replace(string(data), `"ts":1`, `"ts":`+ts, 1))
	}
	odd, plain := frameWith("1724000000000.0"), frameWith("1724000000000")
	b.SetBytes(int64(len(odd)))
	b.ReportAllocs()
	var slow, fast time.Duration
	for b.Loop() {
		t0 := time.Now()
		f, err := Decode(odd, FromServer)
		t1 := time.Now()
		_, err2 := Decode(plain, FromServer)
		t2 := time.Now()
		if err != nil || err2 != nil || len(f.Issues) != 1 || f.Payload.(*Message).TS != 1724000000000 {
			b.Fatal(err, err2, f.Issues)
		}
		slow += t1.Sub(t0)
		fast += t2.Sub(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(slow.Nanoseconds())/n, "tolerant-ns/op")
	b.ReportMetric(float64(fast.Nanoseconds())/n, "strict-ns/op")
	b.ReportMetric(float64(slow)/float64(fast), "ratio")
}
