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
