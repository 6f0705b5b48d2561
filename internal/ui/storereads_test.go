package ui

import (
	"fmt"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

var cronLane = frame.Lane{ChatID: "android:chan_7"}

// storedLanes writes a store in dir whose Default and Cron Reports lanes
// hold n messages each ("Default says 0" … "Default says n-1"), Default
// focused, and closes it.
func storedLanes(t *testing.T, dir string, n int) {
	t.Helper()
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	st.Apply(hello(), false)
	for _, l := range []struct {
		lane frame.Lane
		name string
	}{{lane0, "Default"}, {cronLane, "Cron"}} {
		msgs := make([]frame.Message, n)
		for i := range msgs {
			msgs[i] = frame.Message{MessageID: fmt.Sprintf("%s-%d", l.name, i), Role: frame.RoleAssistant,
				Text: fmt.Sprintf("%s says %d", l.name, i), TS: ms(0, 0) + int64(i)}
		}
		st.ApplyHistory(l.lane, "", frame.History{Messages: msgs})
	}
	st.Focus(lane0)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// readWatch records where the first read on the caller's goroutine
// (store.Options.OnSyncRead) was made.
type readWatch struct{ stack []byte }

func (w *readWatch) none(t *testing.T) {
	t.Helper()
	if w.stack != nil {
		t.Fatalf("the database was read on the UI goroutine:\n%s", w.stack)
	}
}

// openWatched opens the store in dir, ten items a page, evicting as the
// app does, with its reads on the caller's goroutine watched.
func openWatched(t *testing.T, dir string) (*store.State, *readWatch) {
	t.Helper()
	w := &readWatch{}
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return fixedNow }, PageSize: 10,
		IdleItems: store.IdleItems, OnSyncRead: func() {
			if w.stack == nil {
				w.stack = debug.Stack()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, w
}

// storedHarness is a 100×30 harness over a reopened store whose Default
// and Cron Reports lanes hold 40 messages each (storedLanes), ten a page,
// with the reads made on the UI goroutine watched.
func storedHarness(t *testing.T) (*harness, *readWatch) {
	t.Helper()
	dir := t.TempDir()
	storedLanes(t, dir, 40)
	st, reads := openWatched(t, dir)
	return newHarness(t, 100, 30, func(o *Options) { o.State = st }), reads
}

// TestViewAndUpdateNeverReadTheDatabase: on a reopened store whose lanes
// hold four pages each, opening a lane, going to its oldest message,
// switching lanes (which sheds the lane left down to a few items) and
// coming back bring every item in through page reads made in commands;
// no View or Update reads the database on the UI goroutine (the store's
// OnSyncRead hook would see it). While a page is on its way the screen
// shows what memory holds, with the "loading older…" line.
func TestViewAndUpdateNeverReadTheDatabase(t *testing.T) {
	h, reads := storedHarness(t)
	h.mustShow("Default says 39")

	_, cmd := h.m.Update(tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl})
	h.mustShow("↑ loading older…", "Default says 30") // the page is not read yet
	h.mustNotShow("Default says 29")
	h.run(cmd)
	h.mustShow("Default says 0")
	h.mustNotShow("loading older…")

	h.key('k', tea.ModCtrl)
	h.typeText("Cron")
	h.key(tea.KeyEnter, 0)
	h.mustShow("# Cron Reports", "Cron says 39")
	if n := h.st.Lane(lane0).Len(); n != store.IdleItems {
		t.Fatalf("the lane left holds %d items, want %d (shed)", n, store.IdleItems)
	}

	h.key('k', tea.ModCtrl)
	h.typeText("Default")
	h.key(tea.KeyEnter, 0)
	h.mustShow("Default says 39")
	if n := h.st.Lane(lane0).Len(); n != store.IdleItems+10 {
		t.Fatalf("the lane opened again holds %d items, want a page more than the %d kept", n, store.IdleItems)
	}
	h.key(tea.KeyHome, tea.ModCtrl)
	h.mustShow("Default says 0")

	reads.none(t)
}

// openPending opens the lane named name through the lane switcher and
// returns the command that reads its first page, not run yet.
func (h *harness) openPending(name string) tea.Cmd {
	h.t.Helper()
	h.key('k', tea.ModCtrl)
	h.typeText(name)
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	return cmd
}

// TestStaleOpenPageIsReadAgain: a message deleted while an opened lane's
// first page is on its way makes the store drop that page (it may hold
// the message); the root reads the lane again.
func TestStaleOpenPageIsReadAgain(t *testing.T) {
	h, reads := storedHarness(t)
	cmd := h.openPending("Cron")
	h.frame(inLane(cronLane, frame.TypeMessageDeleted, &frame.MessageDeleted{MessageIDs: []string{"Cron-39"}}))
	h.run(cmd)
	h.mustShow("Cron says 38")
	h.mustNotShow("Cron says 39")
	reads.none(t)
}

// TestJumpReadsStoredPages: a jump to a search hit deep in another lane's
// stored history reads that lane's pages in commands, one after another,
// until the hit is on screen; none on the UI goroutine.
func TestJumpReadsStoredPages(t *testing.T) {
	h, reads := storedHarness(t)
	h.online()
	h.run(h.m.handleAction(common.ActionJump{Lane: cronLane, MessageID: "Cron-3"}))
	h.mustShow("# Cron Reports", "Cron says 3")
	if h.m.find.jumping != nil || h.st.Lane(cronLane).Len() != 40 {
		t.Fatalf("jump still on: %v, %d items read", h.m.find.jumping, h.st.Lane(cronLane).Len())
	}
	reads.none(t)
}

// The reducer's reads. A frame about a lane never read, a message memory
// does not hold, a replayed message older than everything held, a send or
// a settle in a lane not read yet: each needs stored items, which the root
// reads ahead through the session engine's schedule so that no Update reads on the UI
// goroutine. Each test below feeds the frames as production does, in a
// ClientEventsMsg, and checks the outcome is what reading in place gave.

// laneIDs lists the message ids lane l holds in memory, oldest first.
func laneIDs(st *store.State, l frame.Lane) []string {
	ln := st.Lane(l)
	var ids []string
	for i := range ln.Len() {
		if m := ln.Item(i).Msg; m != nil {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// replayed wraps f as a frame of a sync replay.
func replayed(f frame.Frame) *wsclient.FrameEvent {
	return &wsclient.FrameEvent{Frame: f, Replayed: true}
}

// TestReplayedMessagesFindTheirPlaceWithoutReadingInUpdate: in the focused
// lane (its newest page held), a message already stored but not in
// memory, live or replayed, is paged back in (it meets its final as a
// message held would) and not added again; a replayed message older than
// everything held goes to its place among the stored ones. The reads are
// made ahead, in commands.
func TestReplayedMessagesFindTheirPlaceWithoutReadingInUpdate(t *testing.T) {
	h, reads := storedHarness(t)
	h.mustShow("Default says 39")
	stored := func(i int) frame.Frame {
		return on(frame.TypeMessage, &frame.Message{MessageID: fmt.Sprintf("Default-%d", i), Role: frame.RoleAssistant,
			Text: fmt.Sprintf("Default says %d", i), TS: ms(0, 0) + int64(i)})
	}
	h.send(inbound(replayed(stored(2)), stored(12),
		replayed(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "Default-20", FinalText: "Default says 20", TS: ms(0, 0) + 20}))))
	var want []string
	for i := range 40 {
		want = append(want, fmt.Sprintf("Default-%d", i))
	}
	if got := laneIDs(h.st, lane0); !slices.Equal(got, want) {
		t.Fatalf("the lane holds %v, want every stored message once", got)
	}

	h.send(inbound(replayed(on(frame.TypeMessage, &frame.Message{MessageID: "late", Role: frame.RoleAssistant,
		Text: "late arrival", TS: ms(0, 0) + 4}))))
	ids := laneIDs(h.st, lane0)
	at := slices.Index(ids, "late")
	if at < 1 || ids[at-1] != "Default-4" || ids[at+1] != "Default-5" || len(ids) != 41 {
		t.Fatalf("the replayed message is not between Default-4 and Default-5: %v", ids)
	}
	reads.none(t)
}

// TestSendBeforeTheLanesPageArrived: a message typed into a lane just
// opened, whose first page is still on its way, waits for the lane's
// items (read in a command) and goes after them; the page that arrives
// later is not taken twice.
func TestSendBeforeTheLanesPageArrived(t *testing.T) {
	h, reads := storedHarness(t)
	open := h.openPending("Cron")
	h.typeText("hello cron")
	h.key(tea.KeyEnter, 0)
	h.run(open)
	ln := h.st.Lane(cronLane)
	if ln.Len() != 11 || ln.Item(9).Msg.ID != "Cron-39" || ln.Item(10).Msg.Text != "hello cron" {
		t.Fatalf("the lane holds %v, the last %+v", laneIDs(h.st, cronLane), ln.Item(ln.Len()-1).Msg)
	}
	h.mustShow("Cron says 39", "hello cron")
	if out := h.st.Outgoing(); len(out) != 1 || out[0].Text != "hello cron" {
		t.Fatalf("outgoing %+v", out)
	}
	reads.none(t)
}

// TestSettleAfterReconnectInALaneReadAhead: a turn left running in a lane
// never read (its frames waited for the lane's page) is settled after a
// reconnect that shows no sign of it, with no read on the UI goroutine.
func TestSettleAfterReconnectInALaneReadAhead(t *testing.T) {
	h, reads := storedHarness(t)
	h.send(inbound(inLane(cronLane, frame.TypeAgentBusy, &frame.AgentBusy{}),
		inLane(cronLane, frame.TypeMessageStart, &frame.MessageStart{MessageID: "c-run", Role: frame.RoleAssistant})))
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting}))
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}, &wsclient.CursorEvent{Cursor: 1}))
	if !slices.Contains(h.m.eng.Recon().Pending(), cronLane) {
		t.Fatalf("the lane awaits no reconciliation: %v", h.m.eng.Recon().Pending())
	}
	h.send(reconcileMsg{gen: h.m.eng.Recon().Gen()})
	ln := h.st.Lane(cronLane)
	if m := ln.Message("c-run"); ln.Busy || m == nil || m.Streaming || m.Cut == store.CutNone {
		t.Fatalf("not settled: busy %v, message %+v", ln.Busy, m)
	}
	reads.none(t)
}

// TestQuitKeepsAMessageHeldForItsLanesRead: a message sent into a lane
// whose items are still being read, then Ctrl+C before the read is back:
// the message is stored (queued, for the next run) and the quit guard
// counts it.
func TestQuitKeepsAMessageHeldForItsLanesRead(t *testing.T) {
	h, _ := storedHarness(t)
	h.openPending("Cron")
	h.typeText("bye")
	h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}) // its read is not run
	if len(h.st.Outgoing()) != 0 {
		t.Fatal("the message was stored before its lane was read")
	}
	h.mustNotQuit(h.ctrlC(), "the first ctrl+c with a message held")
	if out := h.st.Outgoing(); len(out) != 1 || out[0].Text != "bye" || out[0].Lane != cronLane {
		t.Fatalf("outgoing %+v", out)
	}
	h.mustShow("press ctrl+c again to quit")
}

// TestSignalKeepsAMessageHeldForItsLanesRead: a message sent into a lane
// whose items are still being read, then SIGTERM or SIGHUP (the program
// stops without a quit key): what main calls once the program stopped
// stores it, queued for the next run.
func TestSignalKeepsAMessageHeldForItsLanesRead(t *testing.T) {
	h, _ := storedHarness(t)
	h.openPending("Cron")
	h.typeText("closed terminal")
	h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}) // its read is not run
	if len(h.st.Outgoing()) != 0 {
		t.Fatal("the message was stored before its lane was read")
	}
	h.m.SaveTyped()
	if out := h.st.Outgoing(); len(out) != 1 || out[0].Text != "closed terminal" || out[0].Lane != cronLane {
		t.Fatalf("outgoing %+v", out)
	}
}
