package ui

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// The simulated day of BenchmarkDayLongSession.
const (
	dayLanes    = 200
	dayMessages = 20000
	dayHour     = dayMessages / 24 // messages in the first hour
	daySwitch   = 100              // messages between lane switches
)

// dayChannels are the hello.ack channels of the day: the default lane and
// dayLanes-1 others.
func dayChannels() []frame.Channel {
	chs := []frame.Channel{{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}
	for i := 1; i < dayLanes; i++ {
		chs = append(chs, frame.Channel{ChatID: fmt.Sprintf("android:day_%d", i), Name: fmt.Sprintf("Lane %d", i), Kind: frame.KindChannel})
	}
	return chs
}

// readPages runs cmd, which is only ever the store's reads here (pages,
// reads made ahead; no gateway, no ticks), and feeds what they read back to
// Update as the program would.
func readPages(m *Model, cmd tea.Cmd) {
	for queue := []tea.Cmd{cmd}; len(queue) > 0; queue = queue[1:] {
		if queue[0] == nil {
			continue
		}
		switch msg := queue[0]().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case pageLoadedMsg, session.Ahead:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkDayLongSession drives a simulated day through the root model at
// 120×40 on a store in a temporary directory: 20,000 assistant messages
// streamed (start, two updates, stop) round-robin across 200 lanes, the
// user switching lane every 100 messages, paging up three screens and back
// to the bottom, every frame rendered. x-hour is the live heap (after a
// collection) at the end of the day over the live heap after its first
// hour (target ≤ 1.5), both above the heap before the day; store-x-hour is
// the same for the store alone applying the same frames, measured in the
// same run (the share of the heap that is the store's, not the UI's).
func BenchmarkDayLongSession(b *testing.B) {
	var full, storeOnly daySample
	for b.Loop() {
		full.add(runDay(b, true))
		storeOnly.add(runDay(b, false))
	}
	n := float64(b.N)
	b.ReportMetric(full.ratio/n, "x-hour")
	b.ReportMetric(full.hour/n, "MiB-hour")
	b.ReportMetric(full.day/n, "MiB-day")
	b.ReportMetric(storeOnly.ratio/n, "store-x-hour")
	b.ReportMetric(storeOnly.day/n, "store-MiB-day")
}

// daySample sums the live heap growth of runs: at the hour mark and at
// the end of the day (MiB), and their ratio.
type daySample struct{ ratio, hour, day float64 }

func (d *daySample) add(hour, day uint64) {
	d.ratio += float64(day) / float64(hour)
	d.hour += float64(hour) / (1 << 20)
	d.day += float64(day) / (1 << 20)
}

// runDay plays the day and returns the live heap growth after its first
// hour and after the whole day. Without ui only the store applies the
// frames (the store's own share of the heap).
func runDay(b *testing.B, ui bool) (hour, day uint64) {
	st, err := store.Open(b.TempDir(), store.Options{Now: func() time.Time { return fixedNow }, IdleItems: store.IdleItems})
	if err != nil {
		b.Fatal(err)
	}
	var m *Model
	apply := func(f frame.Frame) { st.Apply(f, false) }
	if ui {
		m = benchModel(st, 120, 40)
		apply = func(f frame.Frame) {
			_, cmd := m.Update(inbound(f))
			readPages(m, cmd)
			m.Update(flushMsg{})
			_ = m.View()
		}
	}
	channels := dayChannels()
	apply(hello(channels...))
	base := liveHeap()
	for i := range dayMessages {
		l := frame.Lane{ChatID: channels[i%dayLanes].ChatID}
		id := fmt.Sprintf("d%d", i)
		text := fmt.Sprintf("Answer %d: the **build** passed.\n\n- step one\n- step two\n\n```sh\nmake test-%d\n```\n", i, i)
		apply(inLane(l, frame.TypeMessageStart, &frame.MessageStart{MessageID: id, Role: frame.RoleAssistant}))
		apply(inLane(l, frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: id, Text: text[:len(text)/2]}))
		apply(inLane(l, frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: id, Text: text}))
		apply(inLane(l, frame.TypeMessageStop, &frame.MessageStop{MessageID: id, FinalText: text, TS: fixedNow.UnixMilli()}))
		if ui && i%daySwitch == daySwitch-1 {
			readPages(m, m.handleAction(common.ActionOpenLane{Lane: frame.Lane{ChatID: channels[(i*7)%dayLanes].ChatID}}))
			_ = m.View()
			for _, k := range []tea.KeyPressMsg{{Code: tea.KeyPgUp}, {Code: tea.KeyPgUp}, {Code: tea.KeyPgUp}, {Code: tea.KeyEnd}} {
				_, cmd := m.Update(k)
				readPages(m, cmd)
				_ = m.View()
			}
		}
		if i == dayHour-1 {
			hour = liveHeap() - base
		}
	}
	day = liveHeap() - base
	runtime.KeepAlive(m)
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	return hour, day
}
