package markdown

import (
	"testing"
	"time"
)

// benchWidth is the transcript's text width in a 120-column terminal.
const benchWidth = 100

// naiveStep samples the naive baseline: a full render of every update
// costs minutes per pass (glamour renders 24 KiB in tens of milliseconds),
// so the baseline renders every naiveStep-th update and scales the time by
// naiveStep. Updates grow linearly, so the sample is unbiased.
const naiveStep = 10

// BenchmarkStreaming streams one answer of 2,000 updates growing to 24 KiB
// of mixed markdown (headings, lists, code fences, tables, quotes) through
// a Stream, plus its final full render, and compares it with the naive
// client that renders the full text on every update, measured in the same
// run. x-naive is streaming time / naive time.
func BenchmarkStreaming(b *testing.B) {
	doc := mixedDoc(24 * 1024)
	updates := chunks(doc, 2000)
	r := testRenderer(b, benchWidth)
	var streaming, naive time.Duration
	for b.Loop() {
		start := time.Now()
		s := NewStream(r)
		for _, u := range updates {
			s.Update(u)
		}
		s.Final(doc)
		streaming += time.Since(start)

		start = time.Now()
		for i := naiveStep - 1; i < len(updates); i += naiveStep {
			r.Render(updates[i])
		}
		naive += time.Since(start) * naiveStep
	}
	n := float64(b.N)
	b.ReportMetric(float64(streaming)/float64(naive), "x-naive")
	b.ReportMetric(float64(streaming.Microseconds())/n/float64(len(updates)), "stream-µs/update")
	b.ReportMetric(float64(naive.Microseconds())/n/float64(len(updates)), "naive-µs/update")
}

// BenchmarkRenderFull is glamour's cost for one full render of the 24 KiB
// answer (the render done once when a message stops), against a 1 KiB
// answer in the same run (x-1KiB).
func BenchmarkRenderFull(b *testing.B) {
	big, small := mixedDoc(24*1024), mixedDoc(1024)
	r := testRenderer(b, benchWidth)
	var tBig, tSmall time.Duration
	for b.Loop() {
		start := time.Now()
		r.Render(big)
		tBig += time.Since(start)
		start = time.Now()
		r.Render(small)
		tSmall += time.Since(start)
	}
	b.ReportMetric(float64(tBig)/float64(tSmall), "x-1KiB")
	b.ReportMetric(float64(tBig.Milliseconds())/float64(b.N), "ms/24KiB")
}
