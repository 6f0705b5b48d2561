package ui

import (
	"fmt"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/dialog"
)

// keyBudget is the frame time a key press must fit in to feel instant.
const keyBudget = 16 * time.Millisecond

// manyChannels lists the default channel and n-1 others, every tenth with
// a thread.
func manyChannels(n int) []frame.Channel {
	out := []frame.Channel{{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}
	for i := 1; len(out) < n; i++ {
		id := fmt.Sprintf("android:chan_%d", i)
		out = append(out, frame.Channel{ChatID: id, Name: fmt.Sprintf("project %d ops", i), Kind: frame.KindChannel})
		if i%10 == 0 && len(out) < n {
			out = append(out, frame.Channel{ChatID: id, ThreadID: frame.Some("t"), Name: fmt.Sprintf("deploy %d", i),
				Kind: frame.KindThread, ParentChatID: frame.Some(id)})
		}
	}
	return out
}

// keyTimes is the median time of one key press, Update and View, in the
// sidebar and in the switcher with a fuzzy query being typed, and of a
// channel renamed by the gateway, applied and drawn.
type keyTimes struct{ hello, sidebar, switcher, rename time.Duration }

// timeChannelKeys connects a root model to a gateway listing n channels and
// times key presses: Down/Up in the focused sidebar, then a query typed
// into the switcher (Ctrl+K).
func timeChannelKeys(tb testing.TB, n int) keyTimes {
	tb.Helper()
	m := benchModel(store.New(store.Options{Now: func() time.Time { return fixedNow }}), 120, 40)
	var kt keyTimes
	start := time.Now()
	m.Update(inbound(hello(manyChannels(n)...)))
	_ = m.View()
	kt.hello = time.Since(start)
	press := func(k tea.KeyPressMsg) time.Duration {
		start := time.Now()
		m.Update(k)
		_ = m.View()
		return time.Since(start)
	}
	m.scr.setFocus(focusSidebar)
	var side []time.Duration
	for i := range 40 {
		k := tea.KeyPressMsg{Code: tea.KeyDown}
		if i%4 == 3 {
			k = tea.KeyPressMsg{Code: tea.KeyUp}
		}
		side = append(side, press(k))
	}
	var ren []time.Duration
	for i := range 10 {
		f := frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{
			ChatID: fmt.Sprintf("android:chan_%d", n/2+i), Name: fmt.Sprintf("renamed %d", i)}}
		start := time.Now()
		m.Update(inbound(f))
		m.Update(flushMsg{})
		_ = m.View()
		ren = append(ren, time.Since(start))
	}
	press(tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl})
	if m.DialogOpen() == "" {
		tb.Fatal("ctrl+k did not open the switcher")
	}
	var sw []time.Duration
	for range 3 {
		for _, r := range "ops 9" {
			sw = append(sw, press(tea.KeyPressMsg{Code: r, Text: string(r)}))
		}
		for range 5 {
			sw = append(sw, press(tea.KeyPressMsg{Code: tea.KeyBackspace}))
		}
	}
	kt.sidebar, kt.switcher, kt.rename = median(side), median(sw), median(ren)
	return kt
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestManyChannelsKeysStayFast: with 100,000 channels a key in the sidebar
// or the switcher, or a channel renamed, costs about what it costs with 100
// (the lists draw only their visible rows over an index built once and
// patched for renames). The ratio is the check (this machine's speed
// cancels out); the absolute figure against a frame's keyBudget is
// reported by BenchmarkManyChannels, since a shared machine under load
// makes any absolute bound in a test flaky.
func TestManyChannelsKeysStayFast(t *testing.T) {
	small := timeChannelKeys(t, 100)
	big := timeChannelKeys(t, 100_000)
	t.Logf("100 channels: sidebar %v/key, switcher %v/key, rename %v; 100,000: hello %v, sidebar %v/key, switcher %v/key, rename %v",
		small.sidebar, small.switcher, small.rename, big.hello, big.sidebar, big.switcher, big.rename)
	if r := ratio(big.sidebar, small.sidebar); r > 4 {
		t.Errorf("sidebar key: 100k channels take %.1f× the time of 100", r)
	}
	if r := ratio(big.switcher, small.switcher); r > 20 {
		t.Errorf("switcher key: 100k channels take %.1f× the time of 100", r)
	}
	if r := ratio(big.rename, small.rename); r > 20 {
		t.Errorf("a rename: 100k channels take %.1f× the time of 100", r)
	}
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(max(b, time.Microsecond)) }

// BenchmarkManyChannels reports a key press in the sidebar and in the
// switcher (typing a fuzzy query) with 100,000 channels, in milliseconds
// and as a ratio over the same with 100 channels.
func BenchmarkManyChannels(b *testing.B) {
	var small, big keyTimes
	for b.Loop() {
		small = timeChannelKeys(b, 100)
		big = timeChannelKeys(b, 100_000)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(big.hello), "hello-ms")
	b.ReportMetric(ms(big.sidebar), "sidebar-ms/key")
	b.ReportMetric(ms(big.switcher), "switcher-ms/key")
	b.ReportMetric(ratio(big.sidebar, small.sidebar), "sidebar-x100")
	b.ReportMetric(ratio(big.switcher, small.switcher), "switcher-x100")
	b.ReportMetric(ms(big.rename), "rename-ms")
	b.ReportMetric(ratio(big.rename, small.rename), "rename-x100")
	b.ReportMetric(ms(keyBudget), "budget-ms")
}

// A renamed channel shows its new name in the sidebar, and the switcher
// finds it and its thread by the new name (the index relabels them).
func TestRenameUpdatesSidebarAndSwitcher(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.key('k', tea.ModCtrl) // builds the switcher's index
	h.key(tea.KeyEscape, 0)
	h.frame(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "android:chan_7", Name: "Platform"}})
	h.mustShow("Platform")
	h.mustNotShow("Cron Reports")
	h.key('k', tea.ModCtrl)
	h.typeText("platform nigh")
	sw := h.m.dialogs.Top().(*dialog.Switcher)
	if got := sw.Matches(); len(got) != 1 || got[0] != "Platform › Nightly build" {
		t.Fatalf("matches %v", got)
	}
}
