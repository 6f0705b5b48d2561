package frame

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// text8K is 8 KiB of streamed markdown.
var text8K = strings.Repeat("Streaming **markdown** with `code`, words and numbers 12345.\n", 8192/61+1)[:8192]

// compare runs ours and base interleaved in one benchmark loop (so both
// see the same machine load) and reports each one's ns/op under the given
// metric names and their ratio ours/base.
func compare(b *testing.B, bytes int, oursName string, ours func() error, baseName string, base func() error) {
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	var tOurs, tBase time.Duration
	for b.Loop() {
		t0 := time.Now()
		err := ours()
		t1 := time.Now()
		err2 := base()
		t2 := time.Now()
		if err != nil || err2 != nil {
			b.Fatal(err, err2)
		}
		tOurs += t1.Sub(t0)
		tBase += t2.Sub(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(tOurs.Nanoseconds())/n, oursName)
	b.ReportMetric(float64(tBase.Nanoseconds())/n, baseName)
	b.ReportMetric(float64(tOurs)/float64(tBase), "ratio")
}

// BenchmarkDecodeMessageUpdate8K decodes a message.update carrying 8 KiB of
// text with Decode and, interleaved in the same loop, with a plain
// json.Unmarshal into map[string]any. It reports both costs and their ratio
// (target: ratio ≤ 1.5).
func BenchmarkDecodeMessageUpdate8K(b *testing.B) {
	data, err := Encode(Frame{Type: TypeMessageUpdate, ChatID: Some("android:default"), ThreadID: Null(),
		Payload: &MessageUpdate{MessageID: "m_9002", Text: text8K}})
	if err != nil {
		b.Fatal(err)
	}
	compare(b, len(data), "decode-ns/op", func() error {
		f, err := Decode(data, FromServer)
		if err == nil && len(f.Payload.(*MessageUpdate).Text) != len(text8K) {
			b.Fatal("text lost")
		}
		return err
	}, "map-ns/op", func() error {
		var m map[string]any
		return json.Unmarshal(data, &m)
	})
}

// BenchmarkDecodeTolerant8K decodes an 8 KiB message whose ts is a float
// (as a Python gateway may send it): the strict fast path fails, and the
// tolerant walk decodes it field by field. It reports the cost against the
// same frame with an integer ts, which takes the fast path.
func BenchmarkDecodeTolerant8K(b *testing.B) {
	data, err := Encode(Frame{Type: TypeMessage, ChatID: Some("android:default"), ThreadID: Null(),
		Payload: &Message{MessageID: "m_9002", Role: RoleAssistant, Text: text8K, TS: 1}})
	if err != nil {
		b.Fatal(err)
	}
	odd := []byte(strings.Replace(string(data), `"ts":1`, `"ts":1724000000000.0`, 1))
	plain := []byte(strings.Replace(string(data), `"ts":1`, `"ts":1724000000000`, 1))
	compare(b, len(odd), "tolerant-ns/op", func() error {
		f, err := Decode(odd, FromServer)
		if err == nil && (len(f.Issues) != 1 || f.Payload.(*Message).TS != 1724000000000) {
			b.Fatal("ts not converted", f.Issues)
		}
		return err
	}, "strict-ns/op", func() error {
		_, err := Decode(plain, FromServer)
		return err
	})
}

// BenchmarkPeekUpdate8K is what the client pays for a message.update it may
// drop unread: PeekUpdate of an 8 KiB update (envelope, lane, message_id)
// against Decode of the same bytes, interleaved (ratio = peek / decode).
func BenchmarkPeekUpdate8K(b *testing.B) {
	data, err := Encode(Frame{Type: TypeMessageUpdate, ChatID: Some("android:default"), ThreadID: Null(),
		Payload: &MessageUpdate{MessageID: "m_9002", Text: text8K}})
	if err != nil {
		b.Fatal(err)
	}
	compare(b, len(data), "peek-ns/op", func() error {
		if _, id, ok := PeekUpdate(data); !ok || id != "m_9002" {
			b.Fatal("not peeked")
		}
		return nil
	}, "decode-ns/op", func() error {
		_, err := Decode(data, FromServer)
		return err
	})
}
