package app

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui"
	"github.com/hermes/iris/internal/ui/common"
)

// coldTexts are the message bodies the seeded lanes cycle through: plain
// lines and the markdown an agent writes (lists, code, a table).
var coldTexts = []string{
	"Can you check why the nightly build failed?",
	"The build failed in **step 3**: `go vet` found an unused result.\n\n- fix the call in `store/page.go`\n- re-run the job",
	"Thanks, and the disk usage on the runner?",
	"| mount | used |\n| --- | --- |\n| / | 41% |\n| /data | 77% |",
	"```sh\nss -tlnp | head\n```\n\nIt lists the **listening** sockets with their processes.",
}

// seedColdStore writes a directory of lanes lanes (the first the default)
// and perLane messages into each, with the store's own API: one history
// page per lane, so each lane is one write transaction.
func seedColdStore(b *testing.B, dir string, lanes, perLane int) {
	b.Helper()
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	list := &frame.ChannelList{}
	for i := range lanes {
		c := frame.Channel{ChatID: fmt.Sprintf("iris:chan_%d", i), Name: fmt.Sprintf("Lane %d", i), Kind: frame.KindChannel}
		if i == 0 {
			c.Kind, c.IsDefault = frame.KindDefault, frame.Ptr(true)
		}
		list.Channels = append(list.Channels, c)
	}
	st.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: list}, false)
	for i := range lanes {
		h := frame.History{Messages: make([]frame.Message, perLane)}
		for j := range h.Messages {
			role := frame.RoleUser
			if j%2 == 1 {
				role = frame.RoleAssistant
			}
			h.Messages[j] = frame.Message{MessageID: fmt.Sprintf("m%d-%d", i, j), Role: role,
				Text: coldTexts[j%len(coldTexts)], TS: 1_800_000_000_000 + int64(j)*60_000}
		}
		st.ApplyHistory(list.Channels[i].Lane(), "", h)
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
}

// coldStart is what main does before the user sees anything: open the
// store, build the UI, size it to 120×40 and render the first frame of the
// default lane. It returns the store (to close) and the model (kept alive
// for the heap reading).
func coldStart(b *testing.B, dir string) (*store.State, *ui.Model, string) {
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	settings := common.DefaultSettings()
	m := ui.New(ui.Options{State: st, Theme: themes.Dark, Settings: &settings})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return st, m, m.View().Content
}

// coldSample is one measured cold start.
type coldSample struct {
	elapsed time.Duration
	alloc   uint64 // bytes allocated during the cold start (TotalAlloc delta)
	live    uint64 // live heap growth once it is done (HeapAlloc after a GC)
}

// measureCold runs one cold start of dir from a collected heap.
func measureCold(b *testing.B, dir, wantOnScreen string) coldSample {
	var before, after, live runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	st, m, screen := coldStart(b, dir)
	el := time.Since(start)
	runtime.ReadMemStats(&after)
	runtime.GC()
	runtime.ReadMemStats(&live)
	runtime.KeepAlive(m)
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	if !strings.Contains(ansi.Strip(screen), wantOnScreen) {
		b.Fatalf("the first frame lacks %q:\n%s", wantOnScreen, screen)
	}
	return coldSample{el, after.TotalAlloc - before.TotalAlloc, live.HeapAlloc - min(live.HeapAlloc, before.HeapAlloc)}
}

// BenchmarkColdStart opens a store of 100,000 messages across 50 lanes and
// renders the default lane's first frame at 120×40 (store.Open, ui.New, one
// View), against a store with only the default lane and no messages, cold
// starts interleaved in one run. x-empty is the time ratio (target ≤ 3);
// alloc-x-empty is the ratio of bytes allocated during the cold start, an
// upper bound on its peak heap growth that does not depend on when the GC
// happens to run (target ≤ 2); live-x-empty the ratio of the heap still
// held once the first frame is on screen.
func BenchmarkColdStart(b *testing.B) {
	empty, full := b.TempDir(), b.TempDir()
	seedColdStore(b, empty, 1, 0)
	seedColdStore(b, full, 50, 2000)
	var f, e coldSample
	for b.Loop() {
		s := measureCold(b, full, "sockets with their processes")
		f.elapsed, f.alloc, f.live = f.elapsed+s.elapsed, f.alloc+s.alloc, f.live+s.live
		s = measureCold(b, empty, "Lane 0")
		e.elapsed, e.alloc, e.live = e.elapsed+s.elapsed, e.alloc+s.alloc, e.live+s.live
	}
	n := float64(b.N)
	b.ReportMetric(float64(f.elapsed)/float64(e.elapsed), "x-empty")
	b.ReportMetric(float64(f.alloc)/float64(e.alloc), "alloc-x-empty")
	b.ReportMetric(float64(f.live)/float64(e.live), "live-x-empty")
	b.ReportMetric(float64(f.elapsed)/n/1e6, "ms-full")
	b.ReportMetric(float64(e.elapsed)/n/1e6, "ms-empty")
	b.ReportMetric(float64(f.alloc)/n/(1<<20), "MiB-alloc-full")
	b.ReportMetric(float64(e.alloc)/n/(1<<20), "MiB-alloc-empty")
}
