package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// storeHarness is a harness at 120×30 over st (a persistent store, say).
func storeHarness(t *testing.T, st *store.State, now func() time.Time) *harness {
	t.Helper()
	settings := common.DefaultSettings()
	gw := &fakeGateway{}
	m := New(Options{Gateway: gw, State: st, Theme: themes.Dark, Settings: &settings, Now: now, Location: time.UTC})
	m.scr.tick = testTick
	h := &harness{t: t, m: m, gw: gw, st: st}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	return h
}

// openFull opens a persistent store in a temporary directory whose writes
// are retried after retry, and fills its disk.
func openFull(t *testing.T, retry time.Duration) *store.State {
	t.Helper()
	st, err := store.Open(t.TempDir(), store.Options{Now: func() time.Time { return fixedNow }, WriteRetry: retry})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	return st
}

// mustQuit fails unless cmd quits the program.
func mustQuit(t *testing.T, cmd tea.Cmd, what string) {
	t.Helper()
	if cmd == nil {
		t.Fatal(what + " did not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal(what + " did not quit")
	}
}

// waitScreen sends storage checks until the screen shows want: the store's
// writer reports on its own goroutine.
func (h *harness) waitScreen(want string) {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(h.plain(), want) {
		if time.Now().After(deadline) {
			h.t.Fatalf("screen never showed %q:\n%s", want, h.plain())
		}
		h.send(storageCheckMsg{})
		time.Sleep(5 * time.Millisecond) // polling the store's writer goroutine, bounded by the deadline
	}
}

// On a full disk the user is told once what it means; messages typed
// meanwhile are kept, and quitting names them and asks first. When space
// returns they are written, the user is told, and quitting just quits.
func TestFullDiskKeepsTypedMessagesAndAsksBeforeQuit(t *testing.T) {
	st := openFull(t, 10*time.Millisecond)
	h := storeHarness(t, st, func() time.Time { return fixedNow })
	h.online()
	filler := strings.Repeat(" and more words to fill a page", 200)
	for _, text := range []string{"deploy the fix", "then tell ops"} {
		h.send(tea.PasteMsg{Content: text + filler})
		h.key(tea.KeyEnter, 0)
	}
	h.waitScreen("Cannot save to disk")
	h.mustShow("storage: ")

	h.key('c', tea.ModCtrl)
	c, ok := h.m.dialogs.Top().(*dialog.Confirm)
	if !ok {
		t.Fatal("quit with unsaved messages did not ask")
	}
	if c.Question() != "2 messages not saved to disk: quit anyway?" {
		t.Fatalf("asked %q", c.Question())
	}
	h.mustShow("“deploy the fix", "“then tell ops")
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: 'n', Text: "n"})
	if cmd != nil || h.m.DialogOpen() != "" {
		t.Fatal("n did not just close the question")
	}

	if err := st.FillDisk(false); err != nil {
		t.Fatal(err)
	}
	h.waitScreen("saving to disk again: nothing was lost")
	h.mustNotShow("Cannot save to disk")
	_, cmd = h.m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	mustQuit(t, cmd, "ctrl+c once everything was saved")
}

// Answering yes quits with the messages unsaved.
func TestFullDiskQuitAnyway(t *testing.T) {
	h := storeHarness(t, openFull(t, time.Hour), func() time.Time { return fixedNow })
	h.online()
	h.send(tea.PasteMsg{Content: "only one" + strings.Repeat(" filler", 1000)})
	h.key(tea.KeyEnter, 0)
	h.waitScreen("Cannot save to disk")
	h.key('c', tea.ModCtrl)
	if c, ok := h.m.dialogs.Top().(*dialog.Confirm); !ok || c.Question() != "1 message not saved to disk: quit anyway?" {
		t.Fatal("quit did not ask")
	}
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
	mustQuit(t, cmd, "y")
}

// Quitting tries the disk once more first: when space came back since the
// last retry, Iris saves and quits without asking.
func TestQuitSavesFirstWhenSpaceIsBack(t *testing.T) {
	st := openFull(t, time.Hour)
	h := storeHarness(t, st, func() time.Time { return fixedNow })
	h.online()
	h.send(tea.PasteMsg{Content: "kept" + strings.Repeat(" filler", 1000)})
	h.key(tea.KeyEnter, 0)
	h.waitScreen("Cannot save to disk")
	if err := st.FillDisk(false); err != nil {
		t.Fatal(err)
	}
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	mustQuit(t, cmd, "ctrl+c with the space back")
}
