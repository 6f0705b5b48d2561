package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// repeatHarness is a harness with a movable clock (UI and store), the
// default repeat gaps, and a record of the repeat ticks asked for.
func repeatHarness(t *testing.T) (h *harness, now *time.Time, delays *[]time.Duration) {
	at := fixedNow
	var ds []time.Duration
	clock := func() time.Time { return at }
	h = newHarness(t, 120, 40, func(o *Options) {
		o.Now, o.State = clock, store.New(store.Options{Now: clock})
		o.NotifyRepeats = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute}
	})
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(notifyRepeatMsg); ok {
			ds = append(ds, d)
			return nil
		}
		return testTick(d, msg)
	}
	h.st = h.m.st
	return h, &at, &ds
}

// TestNotificationRepeatsAtGrowingIntervals: an unanswered picker rings
// again 1, 5 and 15 minutes apart, then every 15 minutes, while the
// terminal is unfocused; a focused terminal skips a repeat; an answer stops
// them.
func TestNotificationRepeatsAtGrowingIntervals(t *testing.T) {
	h, now, delays := repeatHarness(t)
	h.online()
	h.send(tea.BlurMsg{})
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./cache"))
	if len(h.raws) != 1 || len(*delays) != 1 || (*delays)[0] != time.Minute {
		t.Fatalf("arrival: raws %q delays %v", h.raws, *delays)
	}
	at := func(d time.Duration) { *now = fixedNow.Add(d); h.send(notifyRepeatMsg{}) }
	at(59 * time.Second)
	if len(h.raws) != 1 {
		t.Fatalf("rang early: %q", h.raws)
	}
	for i, d := range []time.Duration{time.Minute, 6 * time.Minute, 21 * time.Minute, 36 * time.Minute} {
		at(d)
		if len(h.raws) != i+2 {
			t.Fatalf("at %v: %d notifications", d, len(h.raws))
		}
	}
	last := h.raws[len(h.raws)-1]
	if !strings.Contains(last, "still waiting (36m): rm -rf ./cache") || !strings.HasPrefix(last, "\a\x1b]9;Iris · Cron Reports") {
		t.Fatalf("repeat %q", last)
	}
	if got := (*delays)[len(*delays)-1]; got != 15*time.Minute {
		t.Fatalf("next repeat in %v", got)
	}
	h.send(tea.FocusMsg{})
	at(51 * time.Minute)
	if len(h.raws) != 5 {
		t.Fatalf("rang while focused: %q", h.raws[5:])
	}
	h.send(tea.BlurMsg{})
	h.frame(inLane(chan7, frame.TypeAgentIdle, &frame.Empty{}))
	n := len(*delays)
	at(66 * time.Minute)
	if len(h.raws) != 5 || len(*delays) != n {
		t.Fatalf("rang or rescheduled after the picker ended: %q %v", h.raws[5:], (*delays)[n:])
	}
}

// TestNotificationRepeatsCanBeTurnedOff: with the /settings toggle off,
// the first notification still rings but no repeat does.
func TestNotificationRepeatsCanBeTurnedOff(t *testing.T) {
	h, now, delays := repeatHarness(t)
	h.m.com.Settings.RepeatNotifications = false
	h.online()
	h.send(tea.BlurMsg{})
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./cache"))
	*now = fixedNow.Add(time.Hour)
	h.send(notifyRepeatMsg{})
	if len(h.raws) != 1 || len(*delays) != 0 {
		t.Fatalf("raws %q delays %v", h.raws, *delays)
	}
}
