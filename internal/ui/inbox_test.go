package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/dialog"
)

var thread1 = frame.Lane{ChatID: "android:chan_7", ThreadID: "t_1"}

// TestInboxListsPendingPickersAndOpensOne: with nothing waiting in the
// focused lane, Alt+P opens the inbox: every pending picker, oldest first,
// with lane, age and time left; Enter switches to the highlighted one's lane
// and gives it the keyboard.
func TestInboxListsPendingPickersAndOpensOne(t *testing.T) {
	now := fixedNow
	clock := func() time.Time { return now }
	h := newHarness(t, 120, 40, func(o *Options) { o.Now, o.State = clock, store.New(store.Options{Now: clock}) })
	h.online()
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./cache"))
	now = now.Add(2 * time.Minute)
	h.frame(inLane(thread1, frame.TypePickerClarify, &frame.Picker{PickerID: "pq_1", Question: "Which region?", TimeoutS: frame.Ptr(0.0)}))
	now = now.Add(30 * time.Second)
	if h.m.DialogOpen() != "" {
		t.Fatal("a picker of another lane took the screen")
	}
	h.key('p', tea.ModAlt)
	if h.m.DialogOpen() != dialog.InboxID {
		t.Fatalf("alt+p opened %q", h.m.DialogOpen())
	}
	h.mustShow("Waiting for your answer  2", "approval  Cron Reports", "rm -rf ./cache", "2m ago · 2:30 left",
		"question  Cron Reports › Nightly build", "Which region?", "30s ago · no time limit")
	p := h.plain()
	if strings.Index(p, "approval  Cron Reports") > strings.Index(p, "question  Cron Reports") {
		t.Fatalf("not oldest first:\n%s", p)
	}
	h.press(keyDown)
	h.press(keyEnter)
	if h.m.Lane() != thread1 || h.m.DialogOpen() != dialog.PickerDialogID || h.m.pick.shown.PickerID() != "pq_1" {
		t.Fatalf("lane %v dialog %q", h.m.Lane(), h.m.DialogOpen())
	}
	h.mustShow("Which region?")
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 0 {
		t.Fatalf("the inbox answered: %v", sel)
	}
}

// TestInboxSlashCommandAndEmpty: /pickers opens the inbox; with nothing
// waiting, it says so and opens nothing.
func TestInboxSlashCommandAndEmpty(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.typeText("/pickers")
	h.press(keyEnter)
	if h.m.DialogOpen() != "" {
		t.Fatalf("opened %q with nothing waiting", h.m.DialogOpen())
	}
	h.mustShow("no question is waiting")
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./cache"))
	h.typeText("/pickers")
	h.press(keyEnter)
	if h.m.DialogOpen() != dialog.InboxID {
		t.Fatalf("/pickers opened %q", h.m.DialogOpen())
	}
	// The picker is answered elsewhere while the inbox is open: it leaves the list.
	h.frame(inLane(chan7, frame.TypeAgentIdle, &frame.Empty{}))
	h.mustShow("Nothing is waiting.")
	h.press(keyEsc)
	if h.m.DialogOpen() != "" {
		t.Fatal("esc did not close the inbox")
	}
}

// TestAltPStillBringsBackTheFocusedLanesPicker: with a picker waiting in
// the focused lane, Alt+P shows it rather than the inbox.
func TestAltPStillBringsBackTheFocusedLanesPicker(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frames(approvalFrame(lane0, "pa_1", "rm -rf a"), approvalFrame(chan7, "pa_7", "rm -rf b"))
	h.press(keyEsc)
	h.key('p', tea.ModAlt)
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatalf("alt+p opened %q", h.m.DialogOpen())
	}
}

// TestWindowTitleCountsWaitingPickers: the title says how many pickers
// wait, across lanes, and drops the count when none does.
func TestWindowTitleCountsWaitingPickers(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	if title := h.m.View().WindowTitle; title != "Iris · Default" {
		t.Fatalf("title %q", title)
	}
	h.frames(approvalFrame(lane0, "pa_1", "rm -rf a"), approvalFrame(chan7, "pa_7", "rm -rf \x1b]0;x\x07b"))
	if title := h.m.View().WindowTitle; title != "◆ 2 waiting · Iris · Default" {
		t.Fatalf("title %q", title)
	}
	h.typeText("1")
	h.frame(inLane(chan7, frame.TypeAgentIdle, &frame.Empty{}))
	if title := h.m.View().WindowTitle; title != "Iris · Default" {
		t.Fatalf("title %q", title)
	}
}
