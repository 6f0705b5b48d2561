package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// diskHarness is a harness over a store file in dir.
func diskHarness(t *testing.T, dir string) (*harness, *store.State) {
	t.Helper()
	clock := func() time.Time { return fixedNow }
	st, err := store.Open(dir, store.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	settings := common.DefaultSettings()
	gw := &fakeGateway{}
	m := New(Options{Gateway: gw, State: st, Theme: themes.Dark, Settings: &settings, Now: clock, Location: time.UTC})
	m.scr.tick = testTick
	h := &harness{t: t, m: m, gw: gw, st: st}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 24})
	return h, st
}

// holdDraftTicks makes h keep draft saves instead of firing them, so the
// test decides when the delay has passed.
func holdDraftTicks(h *harness) *[]tea.Msg {
	var held []tea.Msg
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(draftSaveMsg); ok {
			held = append(held, msg)
			return nil
		}
		return testTick(d, msg)
	}
	return &held
}

// The open lane's draft is written once the typing settles, without a lane
// switch, so a new model over the same store file shows it.
func TestDraftSavedAfterTypingSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	h, st := diskHarness(t, dir)
	held := holdDraftTicks(h)
	h.online()
	h.typeText("draft in default")
	if got := st.Draft(lane0); got != "" {
		t.Fatalf("draft written before the delay: %q", got)
	}
	if len(*held) != len("draft in default") {
		t.Fatalf("%d saves scheduled, want one per change", len(*held))
	}
	for _, msg := range *held { // every tick but the last is stale
		h.send(msg)
	}
	if got := st.Draft(lane0); got != "draft in default" {
		t.Fatalf("draft after the delay = %q", got)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	h2, st2 := diskHarness(t, dir)
	t.Cleanup(func() { st2.Close() })
	if got := h2.m.Composer(); got != "draft in default" {
		t.Fatalf("composer after restart = %q", got)
	}
	h2.mustShow("draft in default")
}

// A stop within the delay (SIGTERM: main calls SaveDraft after the program
// ended) keeps the draft; a sent message clears it.
func TestDraftSavedOnStopAndClearedBySend(t *testing.T) {
	dir := t.TempDir()
	h, st := diskHarness(t, dir)
	holdDraftTicks(h)
	h.online()
	h.typeText("half typed")
	h.m.SaveDraft()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	h2, st2 := diskHarness(t, dir)
	held := holdDraftTicks(h2)
	h2.online()
	if got := h2.m.Composer(); got != "half typed" {
		t.Fatalf("composer after restart = %q", got)
	}
	h2.key(tea.KeyEnter, 0)
	for _, msg := range *held {
		h2.send(msg)
	}
	if got := st2.Draft(lane0); got != "" {
		t.Fatalf("draft after sending = %q", got)
	}
	if err := st2.Close(); err != nil {
		t.Fatal(err)
	}
	h3, st3 := diskHarness(t, dir)
	t.Cleanup(func() { st3.Close() })
	if got := h3.m.Composer(); got != "" {
		t.Fatalf("composer after the send and a restart = %q", got)
	}
}
