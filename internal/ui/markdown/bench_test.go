package markdown

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
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

// fenceUpdates streams a fence of n lines into s one line at a time, then
// returns the next 16 lines as updates of a quarter line each (the
// updates the benchmark times). Those 16 lines are the same whatever n
// (the first 16 of longFence's pattern), so two streams time the same work.
func fenceUpdates(s *Stream, n int) []string {
	head := longFence("python", n)
	head = head[:strings.LastIndex(head, "```\n")]
	timed := longFence("python", 16)
	timed = timed[strings.Index(timed, "```python\n")+len("```python\n") : strings.LastIndex(timed, "```\n")]
	doc := head + timed
	lineEnd := func(k int) int { // end of the k-th line of the fence body
		i := strings.Index(doc, "```python\n") + len("```python\n")
		for range k {
			i += strings.IndexByte(doc[i:], '\n') + 1
		}
		return i
	}
	for k := 1; k <= n; k++ {
		s.Update(doc[:lineEnd(k)])
	}
	var ups []string
	for k := n; k < n+16; k++ {
		a, b := lineEnd(k), lineEnd(k+1)
		for q := 1; q <= 4; q++ {
			ups = append(ups, doc[:a+(b-a)*q/4])
		}
	}
	return ups
}

// BenchmarkOpenFenceTail is the cost of one update while an open code fence
// grows, at 200 fence lines against 20 in the same run (x-20, target
// ≤ 1.2): the open fence's complete lines are highlighted once, as they
// complete, so an update costs the same however long the fence is. The
// two streams' updates alternate one by one, so that the shared machine's
// load weighs on both alike.
func BenchmarkOpenFenceTail(b *testing.B) {
	r := testRenderer(b, benchWidth)
	var at20, at200 time.Duration
	var n int
	for b.Loop() {
		s20, s200 := NewStream(r), NewStream(r)
		ups20, ups200 := fenceUpdates(s20, 20), fenceUpdates(s200, 200)
		runtime.GC() // the set-up's garbage is not the updates' cost
		for i := range ups20 {
			start := time.Now()
			s20.Update(ups20[i])
			mid := time.Now()
			s200.Update(ups200[i])
			at20, at200 = at20+mid.Sub(start), at200+time.Since(mid)
		}
		n += len(ups20)
	}
	per20, per200 := float64(at20)/float64(n), float64(at200)/float64(n)
	b.ReportMetric(per200/per20, "x-20")
	b.ReportMetric(per20/1e3, "µs/update@20")
	b.ReportMetric(per200/1e3, "µs/update@200")
}

// redrawEvery is how many updates of the e2e CPU benchmark's answer (200
// per second) arrive per transcript redraw while it streams (every 66 ms).
const redrawEvery = 13

// BenchmarkStreamingAtRedrawPace streams the e2e CPU benchmark's answer
// (gatewaysim.BenchAnswer, 24 KiB as 2,000 updates) as the transcript
// draws it: one Update per redraw, each with about 13 updates' worth of
// new text. µs/render is what one redraw's markdown costs.
func BenchmarkStreamingAtRedrawPace(b *testing.B) {
	doc := gatewaysim.BenchAnswer(24 << 10)
	updates := chunks(doc, 2000)
	r := testRenderer(b, benchWidth)
	var total time.Duration
	var renders, answers int
	for b.Loop() {
		start := time.Now()
		s := NewStream(r)
		for i := redrawEvery - 1; i < len(updates); i += redrawEvery {
			s.Update(updates[i])
			renders++
		}
		s.Final(doc)
		total += time.Since(start)
		answers++
	}
	b.ReportMetric(float64(total.Microseconds())/float64(renders), "µs/render")
	b.ReportMetric(float64(total.Milliseconds())/float64(answers), "ms/answer")
}

// BenchmarkFenceClose times the update that closes a 200-line code fence
// streamed line by line (the fence becomes part of the stable prefix)
// against a full render of the same text. x-full is that update's cost
// over the full render's; the fence's frozen rows are reused, so it does
// not highlight the 200 lines again.
func BenchmarkFenceClose(b *testing.B) {
	doc := longFence("python", 200)
	open := doc[:strings.LastIndex(doc, "```\n")]
	r := testRenderer(b, benchWidth)
	var closing, full time.Duration
	for b.Loop() {
		s := NewStream(r)
		for i := 0; i < len(open); {
			i += strings.IndexByte(open[i:], '\n') + 1
			s.Update(open[:i])
		}
		runtime.GC()
		start := time.Now()
		s.Update(doc)
		mid := time.Now()
		r.Render(doc)
		closing, full = closing+mid.Sub(start), full+time.Since(mid)
	}
	b.ReportMetric(float64(closing)/float64(full), "x-full")
	b.ReportMetric(float64(closing.Microseconds())/float64(b.N), "µs/close")
}
