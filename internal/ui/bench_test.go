package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// benchModel is a root model at a size without a gateway; benchmarks drive
// Update directly and drop the returned commands (ticks included), sending
// flushMsg themselves where a real program's flush tick would arrive.
func benchModel(st *store.State, w, h int) *Model {
	settings := common.DefaultSettings()
	m := New(Options{State: st, Theme: themes.Dark, Settings: &settings,
		Now: func() time.Time { return fixedNow }, Location: time.UTC})
	m.scr.tick = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(inbound(hello()))
	return m
}

// mixedMarkdown returns about size bytes of markdown with headings,
// paragraphs with emphasis, lists, code fences and tables.
func mixedMarkdown(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nThis paragraph explains **step %d** with `inline code`, *emphasis* and a [link](https://example.com/%d). "+
			"It is long enough to wrap across the transcript width at least once or twice.\n\n", i, i, i)
		fmt.Fprintf(&b, "- first point of %d\n- second point with **bold**\n  - nested detail\n- third point\n\n", i)
		fmt.Fprintf(&b, "```go\nfunc step%d(x int) int {\n\tif x > %d {\n\t\treturn x * 2\n\t}\n\treturn x + %d\n}\n```\n\n", i, i, i)
		fmt.Fprintf(&b, "| name | value | note |\n|------|-------|------|\n| a%d | %d | fine |\n| b%d | %d | also fine |\n\n", i, i, i, i*2)
		fmt.Fprintf(&b, "1. ordered one\n2. ordered two\n\n> a quote about step %d\n\n", i)
	}
	return b.String()[:size]
}

// prefixes cuts text into n growing prefixes (the full text last).
func prefixes(text string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = text[:len(text)*(i+1)/n]
	}
	return out
}

// naiveSample is how many updates apart the naive client's full renders
// are timed; its total is scaled up to all updates (rendering all 2,000
// would take minutes per run).
const naiveSample = 25

// BenchmarkStreamingAnswer streams one assistant message of 2,000
// message.update frames growing to 24 KiB of mixed markdown through Update
// and View at 120×40, every update rendered (a flush after each), then the
// message.stop. x-naive is its time over a client that glamour-renders the
// full text on every update.
func BenchmarkStreamingAnswer(b *testing.B) {
	text := mixedMarkdown(24 << 10)
	steps := prefixes(text, 2000)
	var ours time.Duration
	for i := 0; i < b.N; i++ {
		m := benchModel(store.New(store.Options{Now: func() time.Time { return fixedNow }}), 120, 40)
		start := time.Now()
		m.Update(inbound(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant})))
		for _, s := range steps {
			m.Update(inbound(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: s})))
			m.Update(flushMsg{})
			_ = m.View()
		}
		m.Update(inbound(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "s1", FinalText: text})))
		m.Update(flushMsg{})
		_ = m.View()
		ours += time.Since(start)
	}
	b.StopTimer()
	naive := naiveStreaming(b, steps)
	b.ReportMetric(float64(ours)/float64(b.N)/float64(naive), "x-naive")
}

// naiveStreaming times a client that renders the whole text with glamour on
// every update (sampled every naiveSample updates, scaled to all).
func naiveStreaming(b *testing.B, steps []string) time.Duration {
	r, err := glamour.NewTermRenderer(glamour.WithStyles(themes.GlamourStyle(themes.New(themes.Options{Name: themes.Dark}))), glamour.WithWordWrap(94))
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for i := naiveSample - 1; i < len(steps); i += naiveSample {
		if _, err := r.Render(steps[i]); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) * naiveSample
}

// laneWith fills a store with one lane of n messages (oldest first).
func laneWith(n int) (*store.State, frame.Lane) {
	st := store.New(store.Options{Now: func() time.Time { return fixedNow }})
	l := frame.Lane{ChatID: "android:chan_7"}
	for i := 0; i < n; i++ {
		role := frame.RoleUser
		text := fmt.Sprintf("question %d about the **build**?", i)
		if i%2 == 1 {
			role = frame.RoleAssistant
			text = fmt.Sprintf("Answer %d:\n\n- check `make`\n- then **deploy**\n\n```sh\nmake %d\n```", i, i)
		}
		st.Apply(inLane(l, frame.TypeMessage, &frame.Message{MessageID: fmt.Sprintf("m%d", i), Role: role, Text: text,
			TS: fixedNow.Add(time.Duration(i-n) * time.Minute).UnixMilli()}), false)
	}
	return st, l
}

// openAndPage opens lane l, renders the first frame, then pages up ten
// times, rendering each.
func openAndPage(m *Model, l frame.Lane) {
	m.handleAction(common.ActionOpenLane{Lane: l})
	_ = m.View()
	for range 10 {
		m.Update(tea.KeyPressMsg{Code: tea.KeyPgUp})
		_ = m.View()
	}
}

// BenchmarkOpenLane opens a lane of 10,000 messages and pages up, against
// the same with 100 messages in the same run (x-small).
func BenchmarkOpenLane(b *testing.B) {
	bigSt, bigL := laneWith(10000)
	smallSt, smallL := laneWith(100)
	big, small := benchModel(bigSt, 120, 40), benchModel(smallSt, 120, 40)
	var tBig, tSmall time.Duration
	for i := 0; i < b.N; i++ {
		for _, m := range []*Model{big, small} {
			m.handleAction(common.ActionOpenLane{Lane: lane0})
		}
		start := time.Now()
		openAndPage(big, bigL)
		tBig += time.Since(start)
		start = time.Now()
		openAndPage(small, smallL)
		tSmall += time.Since(start)
	}
	b.ReportMetric(float64(tBig)/float64(b.N)/1e6, "ms-10k")
	b.ReportMetric(float64(tBig)/float64(tSmall), "x-small")
}

// BenchmarkKeystrokeWhileStreaming measures Update+View of one key press
// in the composer at 120×40 while an answer streams at 100 updates/s (one
// update, flushed and rendered, between key presses, untimed), against the
// same key press on an idle lane (x-idle).
func BenchmarkKeystrokeWhileStreaming(b *testing.B) {
	text := mixedMarkdown(24 << 10)
	steps := prefixes(text, 2000)
	streaming := benchModel(store.New(store.Options{Now: func() time.Time { return fixedNow }}), 120, 40)
	idle := benchModel(store.New(store.Options{Now: func() time.Time { return fixedNow }}), 120, 40)
	streaming.Update(inbound(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant})))
	key := tea.KeyPressMsg{Code: 'a', Text: "a"}
	var tIdle time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if i%200 == 0 {
			streaming.composer.Reset()
			idle.composer.Reset()
		}
		streaming.Update(inbound(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: steps[i%len(steps)]})))
		streaming.Update(flushMsg{})
		_ = streaming.View()
		start := time.Now()
		idle.Update(key)
		_ = idle.View()
		tIdle += time.Since(start)
		b.StartTimer()
		streaming.Update(key)
		_ = streaming.View()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed())/float64(tIdle), "x-idle")
}
