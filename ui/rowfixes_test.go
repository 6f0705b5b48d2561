package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/ui/common"
)

// TestDeletingTheOpenChannelSwitchesTheTranscript: the deleted channel's
// messages leave the screen at once; the default channel's show.
func TestDeletingTheOpenChannelSwitchesTheTranscript(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(msgFrame("d1", "assistant", "default channel words", ms(1, 0)))
	other := frame.Lane{ChatID: "android:chan_7"}
	h.run(h.m.handleAction(common.ActionOpenLane{Lane: other}))
	h.frame(inLane(other, frame.TypeMessage, &frame.Message{MessageID: "c1", Role: "assistant", Text: "doomed channel words", TS: ms(2, 0)}))
	h.mustShow("doomed channel words")
	h.frame(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: "android:chan_7", Kind: frame.KindChannel}})
	h.mustNotShow("doomed channel words")
	h.mustShow("# Default", "default channel words")
}

// TestPickerBannerClearsInItsLane: the banner announcing another lane's
// question goes when that lane is opened.
func TestPickerBannerClearsInItsLane(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./build"))
	h.mustShow("Cron Reports — ")
	h.run(h.m.handleAction(common.ActionOpenLane{Lane: chan7}))
	h.mustNotShow("Cron Reports — ")
}

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

// TestFirstChipKeySelectsAVisibleChip: with a chip scrolled off the top
// and one on screen, the first ] selects the one on screen.
func TestFirstChipKeySelectsAVisibleChip(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "a0", Role: "assistant", Text: "old file", TS: ms(0, 0),
		Media: []frame.Media{{MediaID: "md_old", Kind: "file", Filename: "old.pdf", Size: 10}}}))
	for i := range 30 {
		h.frame(msgFrame(fmt.Sprintf("f%d", i), "assistant", fmt.Sprintf("filler %d", i), ms(1, i)))
	}
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "a1", Role: "assistant", Text: "new file", TS: ms(2, 0),
		Media: []frame.Media{{MediaID: "md_new", Kind: "file", Filename: "new.pdf", Size: 10}}}))
	h.mustShow("new.pdf")
	h.mustNotShow("old.pdf")
	h.key(tea.KeyTab, 0)
	h.send(tea.KeyPressMsg{Code: ']', Text: "]"})
	if got := h.m.transcript.SelectedMedia(); got != "md_new" {
		t.Fatalf("selected %q", got)
	}
	h.mustShow("new.pdf")
}
