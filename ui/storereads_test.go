package ui

import (
	"fmt"
	"runtime/debug"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
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

// TestStaleOpenPageIsReadAgain: a message deleted while an opened lane's
// first page is on its way makes the store drop that page (it may hold
// the message); the root reads the lane again.
func TestStaleOpenPageIsReadAgain(t *testing.T) {
	h, reads := storedHarness(t)
	h.key('k', tea.ModCtrl)
	h.typeText("Cron")
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
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
	if h.m.jumping != nil || h.st.Lane(cronLane).Len() != 40 {
		t.Fatalf("jump still on: %v, %d items read", h.m.jumping, h.st.Lane(cronLane).Len())
	}
	reads.none(t)
}
