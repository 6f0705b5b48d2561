package store

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// seedStore writes lanes×perLane messages (and a directory) into a store
// in dir.
func seedStore(b *testing.B, dir string, lanes, perLane int) {
	b.Helper()
	s, err := Open(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	list := &frame.ChannelList{Channels: []frame.Channel{{ChatID: "l0", Name: "Default", Kind: frame.KindDefault}}}
	for i := 1; i < lanes; i++ {
		list.Channels = append(list.Channels, frame.Channel{ChatID: fmt.Sprintf("l%d", i), Name: fmt.Sprintf("Lane %d", i)})
	}
	s.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: list}, false)
	for i := range lanes {
		h := frame.History{Messages: make([]frame.Message, perLane)}
		for j := range h.Messages {
			h.Messages[j] = frame.Message{MessageID: fmt.Sprintf("l%d-m%d", i, j), Role: frame.RoleAssistant,
				Text: "A message of ordinary length, with a bit of **markdown** in it.", TS: int64(1_800_000_000_000 + j)}
		}
		s.ApplyHistory(frame.Lane{ChatID: fmt.Sprintf("l%d", i)}, "", h)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
}

// coldStart opens the store and reads what the first frame of the default
// lane needs: the tree with every lane's unread count, and the default
// lane's newest items.
func coldStart(b *testing.B, dir string) {
	s, err := Open(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	unread := 0
	for _, n := range s.Tree() { // the sidebar
		unread += s.Lane(n.Lane).Unread
	}
	ln := s.Lane(s.DefaultLane())
	for i := max(0, ln.Len()-40); i < ln.Len(); i++ {
		_ = ln.Item(i).Msg.Text
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
}

// measure runs coldStart n times and returns the mean time and bytes
// allocated per run.
func measure(b *testing.B, dir string, n int) (time.Duration, float64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for range n {
		coldStart(b, dir)
	}
	el := time.Since(start)
	runtime.ReadMemStats(&after)
	return el / time.Duration(n), float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// BenchmarkColdStart opens a store of 100,000 messages across 50 lanes and
// reads the default lane's first screen, against an empty store in the same
// run: x-empty is the time ratio (the target for the whole first frame:
// ≤ 3), alloc-x-empty the ratio of bytes allocated, with both
// absolute figures (the store's share of the app's heap is the full lane's
// first page and the directory, a few hundred KiB).
func BenchmarkColdStart(b *testing.B) {
	empty, full := b.TempDir(), b.TempDir()
	seedStore(b, empty, 1, 0)
	seedStore(b, full, 50, 2000)
	b.ResetTimer()
	var tFull, tEmpty time.Duration
	var aFull, aEmpty float64
	for b.Loop() {
		t, a := measure(b, full, 1)
		tFull += t
		aFull += a
		t, a = measure(b, empty, 1)
		tEmpty += t
		aEmpty += a
	}
	b.ReportMetric(float64(tFull)/float64(tEmpty), "x-empty")
	b.ReportMetric(aFull/aEmpty, "alloc-x-empty")
	b.ReportMetric(aFull/float64(b.N)/1024, "KiB-alloc-full")
	b.ReportMetric(aEmpty/float64(b.N)/1024, "KiB-alloc-empty")
}

// BenchmarkApplyUpdate measures message.update frames on a persistent
// State against a memory-only one, in the same run (x-memory).
func BenchmarkApplyUpdate(b *testing.B) {
	run := func(s *State, n int) time.Duration {
		l := frame.Lane{ChatID: "d"}
		s.Apply(frame.Frame{Type: frame.TypeMessageStart, ChatID: frame.Some("d"), Payload: &frame.MessageStart{MessageID: "m"}}, false)
		start := time.Now()
		text := ""
		for i := range n {
			text += "word "
			s.Apply(frame.Frame{Type: frame.TypeMessageUpdate, ChatID: frame.Some(l.ChatID),
				Payload: &frame.MessageUpdate{MessageID: "m", Text: text}}, false)
			if i%100 == 99 {
				s.Apply(frame.Frame{Type: frame.TypeToolEnd, ChatID: frame.Some("d"), Payload: &frame.ToolEnd{Index: i}}, false)
			}
		}
		return time.Since(start)
	}
	disk, err := Open(b.TempDir(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer disk.Close()
	var tDisk, tMem time.Duration
	for b.Loop() {
		tDisk += run(disk, 1000)
		tMem += run(New(Options{}), 1000)
	}
	b.ReportMetric(float64(tDisk)/float64(tMem), "x-memory")
}
