package ui

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// allocSteps is how many updates each size is measured over.
const allocSteps = 60

// streamAllocs streams a message whose text starts with prefixLen bytes of
// markdown (whole blocks) and then grows a paragraph word by word, and
// returns the heap allocations per update (frame, flush and view) over
// the growing part.
func streamAllocs(prefixLen int) float64 {
	prefix := mixedMarkdown(prefixLen)
	// The same last block in both sizes: the unfinished tail is the same.
	prefix = prefix[:strings.LastIndex(prefix, "\n\n")+2] + "Closing paragraph of the prefix.\n\n"

	m := benchModel(store.New(store.Options{Now: func() time.Time { return fixedNow }}), 120, 40)
	step := func(text string) {
		m.Update(inbound(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: text})))
		m.Update(flushMsg{})
		_ = m.View()
	}
	m.Update(inbound(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant})))
	text := prefix + "A growing paragraph"
	step(text)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range allocSteps {
		text += " word" + strconv.Itoa(i)
		step(text)
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / allocSteps
}

// BenchmarkUpdateAllocs counts heap allocations per streamed update (the
// message.update frame through Update, the flush and View at 120×40) when
// the message is 24 KiB long against 2 KiB, the same paragraph growing at
// its end in both (x-2KiB, target ≈ 1: allocations per update do not grow
// with the message). Run with -benchmem for the totals.
func BenchmarkUpdateAllocs(b *testing.B) {
	b.ReportAllocs()
	var short, long float64
	for b.Loop() {
		short += streamAllocs(2 << 10)
		long += streamAllocs(24 << 10)
	}
	n := float64(b.N)
	b.ReportMetric(short/n, "allocs/update@2KiB")
	b.ReportMetric(long/n, "allocs/update@24KiB")
	b.ReportMetric(long/short, "x-2KiB")
}
