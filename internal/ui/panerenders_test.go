package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// paneRenders is how often each pane drew afresh so far.
type paneRenders struct{ composer, sidebar, status, items int }

func (h *harness) paneRenders() paneRenders {
	return paneRenders{h.m.composer.Renders(), h.m.sidebar.Renders(), h.m.status.Renders(), h.m.transcript.ItemRenders()}
}

// TestStreamingFrameRedrawsOnlyTheLiveItem streams an answer into the
// focused lane with the sidebar shown: per frame (update, flush, view) the
// composer, the sidebar and the status bar draw nothing afresh, and the
// transcript draws one item, the streaming one.
func TestStreamingFrameRedrawsOnlyTheLiveItem(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frames(msgFrame("m1", frame.RoleUser, "hello there", 1), msgFrame("m2", frame.RoleAssistant, "an **earlier** answer", 2))
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "s1", Role: frame.RoleAssistant}))
	h.view()
	if h.m.scr.layout.sidebar == 0 {
		t.Fatal("the sidebar is hidden at 120 columns; the test needs it shown")
	}
	before := h.paneRenders()
	const updates = 40
	var text strings.Builder
	for i := range updates {
		text.WriteString("word" + strconv.Itoa(i) + " ")
		h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "s1", Text: text.String()}))
		h.view()
	}
	h.mustShow("word" + strconv.Itoa(updates-1))
	after := h.paneRenders()
	if d := after.composer - before.composer; d != 0 {
		t.Errorf("composer drew %d times over %d streaming frames, want 0", d, updates)
	}
	if d := after.sidebar - before.sidebar; d != 0 {
		t.Errorf("sidebar drew %d times over %d streaming frames, want 0", d, updates)
	}
	if d := after.status - before.status; d != 0 {
		t.Errorf("status bar drew %d times over %d streaming frames, want 0", d, updates)
	}
	if d := after.items - before.items; d != updates {
		t.Errorf("transcript drew %d items over %d streaming frames, want one per frame", d, updates)
	}
}

// TestViewWithoutChangesReusesTheScreen: a View with nothing changed (a
// frame waiting for its flush) returns the same screen and draws nothing,
// while a key typed into the composer draws the composer only.
func TestViewWithoutChangesReusesTheScreen(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	first := h.view()
	before := h.paneRenders()
	if again := h.view(); again != first || h.paneRenders() != before {
		t.Fatalf("an unchanged View drew again: %+v → %+v", before, h.paneRenders())
	}
	h.typeText("x")
	h.view()
	got := h.paneRenders()
	if got.composer != before.composer+1 || got.sidebar != before.sidebar || got.status != before.status {
		t.Errorf("a key drew %+v, want only the composer once more than %+v", got, before)
	}
	h.mustShow("› x")
}
