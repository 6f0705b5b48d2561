package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
)

// TestCtrlHomeReachesTheRealOldest: Ctrl+Home pages in every older page
// until the first message of the lane is on screen.
func TestCtrlHomeReachesTheRealOldest(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.gw.answer = historyAnswer(300)
	h.online()
	h.mustShow("history message 299")
	h.key(tea.KeyHome, tea.ModCtrl)
	h.mustShow("history message 0")
	if got := len(h.requestsOf(frame.TypeHistory)); got < 3 {
		t.Fatalf("%d history requests", got)
	}
	h.mustNotShow("loading older…")
}

// TestLoadingOlderMark: while the page asked for at the top is on its way,
// a line says so.
func TestLoadingOlderMark(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.gw.answer = historyAnswer(300)
	h.online()
	h.m.transcript.Update(tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl}) // asks, answer not run
	h.m.scr.mark(needRedraw)
	h.mustShow("↑ loading older…")
}
