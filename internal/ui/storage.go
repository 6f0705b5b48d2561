package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// storageNoticeTTL is how long a storage problem stays on screen.
const storageNoticeTTL = time.Minute

// storageCheckInterval is how often the UI looks again while writes fail,
// to say so when they succeed again.
const storageCheckInterval = 2 * time.Second

// writeFailAdvice says what a failing disk means now, short enough for the
// one-line banner at 120 columns; the status bar carries the error.
const writeFailAdvice = "Cannot save to disk (full?). New messages stay in memory and are saved when space returns."

// storageWatch is what the UI has told the user about the store's disk.
type storageWatch struct {
	com      *common.Common
	st       *store.State
	scr      *screen
	failing  bool // a write failure is being reported
	skipped  int  // unreadable rows reported so far
	watching bool // a storageCheckMsg is scheduled
}

// storageCheckMsg looks at the store's health again.
type storageCheckMsg struct{}

// check tells the user what the store's disk is doing, each change
// once: writes failing (a banner, and the status bar names the error),
// writes working again, and stored rows that could not be read and were
// skipped (saving goes on). The store keeps working in memory meanwhile.
func (w *storageWatch) check() tea.Cmd {
	h := w.st.Health()
	var info *common.InfoMsg
	switch {
	case h.WriteErr != nil && !w.failing:
		w.failing = true
		w.scr.showBanner(banner{text: writeFailAdvice, isErr: true, until: w.com.Now().Add(storageNoticeTTL)})
		info = &common.InfoMsg{Level: common.LevelError, Text: "storage: " + h.WriteErr.Error(), TTL: storageNoticeTTL}
	case h.WriteErr == nil && w.failing:
		w.failing = false
		if w.scr.banner.text == writeFailAdvice {
			w.scr.showBanner(banner{})
		}
		info = &common.InfoMsg{Level: common.LevelInfo, Text: "saving to disk again: nothing was lost", TTL: storageNoticeTTL}
	case h.Skipped > w.skipped:
		w.skipped = h.Skipped
		w.scr.showBanner(banner{text: skippedRows(h.Skipped), until: w.com.Now().Add(storageNoticeTTL)})
		info = &common.InfoMsg{Level: common.LevelWarn, Text: "storage: " + h.ReadErr.Error(), TTL: storageNoticeTTL}
	}
	var cmds []tea.Cmd
	if info != nil {
		msg := *info
		cmds = append(cmds, func() tea.Msg { return msg }, w.scr.clockTick())
	}
	if w.failing && !w.watching {
		w.watching = true
		cmds = append(cmds, w.scr.tick(storageCheckInterval, storageCheckMsg{}))
	}
	return tea.Batch(cmds...)
}

// recheck looks again while writes fail.
func (w *storageWatch) recheck() tea.Cmd {
	w.watching = false
	return w.check()
}

// skippedRows says that n stored rows were left out, and that this does
// not stop saving.
func skippedRows(n int) string {
	if n == 1 {
		return "1 stored row could not be read and was skipped; saving continues."
	}
	return fmt.Sprintf("%d stored rows could not be read and were skipped; saving continues.", n)
}

// quit quits, unless typed messages are still not on disk after one more
// try (the disk is full): then it names them and asks once whether to quit
// anyway.
func (m *Model) quit() tea.Cmd {
	m.held.Flush()
	unsaved := m.st.SaveNow().Unsaved
	if len(unsaved) == 0 {
		return tea.Quit
	}
	if m.dialogs.Has(dialog.ConfirmID) {
		return nil
	}
	q := "1 message not saved to disk: quit anyway?"
	if len(unsaved) > 1 {
		q = fmt.Sprintf("%d messages not saved to disk: quit anyway?", len(unsaved))
	}
	m.scr.openDialog(dialog.NewConfirm(m.com, q, unsavedLines(unsaved), common.ActionQuit{}))
	return nil
}

// unsavedLines names unsaved messages by their first line, at most five.
func unsavedLines(us []store.UnsavedMessage) []string {
	var out []string
	for i, u := range us {
		if i == 5 {
			out = append(out, fmt.Sprintf("… and %d more", len(us)-i))
			break
		}
		first, _, _ := strings.Cut(strings.TrimSpace(u.Text), "\n")
		out = append(out, "“"+first+"”")
	}
	return out
}
