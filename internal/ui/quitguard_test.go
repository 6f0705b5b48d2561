package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

var ctrlC = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}

// ctrlC presses Ctrl+C and returns the command it gave (without running it).
func (h *harness) ctrlC() tea.Cmd {
	h.t.Helper()
	_, cmd := h.m.Update(ctrlC)
	return cmd
}

// mustNotQuit runs cmd, failing if it quits.
func (h *harness) mustNotQuit(cmd tea.Cmd, what string) {
	h.t.Helper()
	if cmd != nil {
		if _, ok := runCmd(cmd).(tea.QuitMsg); ok {
			h.t.Fatal(what + " quit")
		}
	}
	h.run(cmd)
}

// TestCtrlCStopsThenAsksBeforeLeavingAnApproval: with a draft, a busy
// agent and an approval waiting, Ctrl+C clears the draft, then stops the
// agent, then (the stop on its way) says what is waiting, and only the
// next one quits.
func TestCtrlCStopsThenAsksBeforeLeavingAnApproval(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}))
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./dist"))
	if h.m.DialogOpen() == dialog.PickerDialogID {
		h.mustNotQuit(h.ctrlC(), "ctrl+c on the approval dialog")
	}
	h.typeText("draft")
	h.mustNotQuit(h.ctrlC(), "ctrl+c on a draft")
	if h.m.Composer() != "" {
		t.Fatalf("composer %q", h.m.Composer())
	}
	h.mustNotQuit(h.ctrlC(), "ctrl+c on a busy agent")
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("ctrl+c did not stop the busy agent")
	}
	h.mustNotQuit(h.ctrlC(), "ctrl+c with an approval waiting")
	h.mustShow("press ctrl+c again to quit · 1 approval waiting")
	// Another key disarms: the warning comes again.
	h.key(tea.KeyTab, 0)
	h.mustNotQuit(h.ctrlC(), "ctrl+c after another key")
	mustQuit(t, h.ctrlC(), "the second ctrl+c in a row")
}
