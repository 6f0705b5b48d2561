package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

func TestHelpHintLeavesOutKeysThatType(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.mustShow("  f1 help")
	h.mustNotShow("?/f1 help")
	h.key(tea.KeyTab, 0) // transcript
	h.mustShow("?/f1 help")
	h.key(tea.KeyEscape, 0) // back to the composer
	h.mustNotShow("?/f1 help")
	h.mustShow("f1 help")
}

// TestFocusAfterSearchJumpIsVisibleAndTypingIsKept: the jump focuses the
// transcript, which says so while the composer dims and says how to come
// back; typed text that is no transcript key goes to the composer.
func TestFocusAfterSearchJumpIsVisibleAndTypingIsKept(t *testing.T) {
	h := newHarness(t, 120, 40)
	answerSearchOverHistory(h)
	h.online()
	h.mustShow("Message…")
	h.mustNotShow("TRANSCRIPT")
	h.key('f', tea.ModCtrl)
	h.typeText("message 10")
	h.key(tea.KeyEnter, 0)
	h.key(tea.KeyEnter, 0)
	if h.m.Focus() != "transcript" || h.m.transcript.Marked() != "h10" {
		t.Fatalf("focus %s marked %q after the jump", h.m.Focus(), h.m.transcript.Marked())
	}
	h.mustShow("TRANSCRIPT", "i or esc: type a message", "› i or esc: back to typing", "▌")
	h.mustNotShow("Message…")
	h.typeText("what about it?")
	if h.m.Focus() != "composer" || h.m.Composer() != "what about it?" || h.m.DialogOpen() != "" {
		t.Fatalf("focus %s composer %q dialog %q: typed text was lost", h.m.Focus(), h.m.Composer(), h.m.DialogOpen())
	}
	h.mustNotShow("TRANSCRIPT")

	for _, back := range []tea.KeyPressMsg{{Code: 'i', Text: "i"}, {Code: tea.KeyEscape}} {
		h.key(tea.KeyTab, 0)
		h.mustShow("TRANSCRIPT")
		h.send(back)
		if h.m.Focus() != "composer" || h.m.Composer() != "what about it?" {
			t.Fatalf("%s: focus %s composer %q", back, h.m.Focus(), h.m.Composer())
		}
	}
}

// TestEveryPaneShowsFocus: the sidebar title and the transcript's mark show
// which list has the keys; Esc from a list goes back to the composer and
// does not stop the busy agent.
func TestEveryPaneShowsFocus(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.mustNotShow("▸ Channels", "TRANSCRIPT", "back to typing")
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyTab, 0)
	if h.m.Focus() != "sidebar" {
		t.Fatalf("focus %s", h.m.Focus())
	}
	h.mustShow("▸ Channels", "back to typing")
	h.mustNotShow("TRANSCRIPT")
	h.key(tea.KeyEscape, 0)
	if h.m.Focus() != "composer" || len(h.requestsOf(frame.TypeAgentStop)) != 0 {
		t.Fatalf("focus %s, stops %d: esc from a list must only go back to typing", h.m.Focus(), len(h.requestsOf(frame.TypeAgentStop)))
	}
	h.mustNotShow("▸ Channels", "back to typing")
	h.key(tea.KeyEscape, 0)
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("esc in the composer no longer stops the busy agent")
	}
}
