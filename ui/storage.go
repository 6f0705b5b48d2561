package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/dialog"
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
	failing  bool // a write failure is being reported
	skipped  int  // unreadable rows reported so far
	watching bool // a storageCheckMsg is scheduled
}

// storageCheckMsg looks at the store's health again.
type storageCheckMsg struct{}

// checkStorage tells the user what the store's disk is doing, each change
// once: writes failing (a banner, and the status bar names the error),
// writes working again, and stored rows that could not be read and were
// skipped (saving goes on). The store keeps working in memory meanwhile.
func (m *Model) checkStorage() tea.Cmd {
	h := m.st.Health()
	w := &m.storage
	var info *common.InfoMsg
	switch {
	case h.WriteErr != nil && !w.failing:
		w.failing = true
		m.setBanner(writeFailAdvice, true)
		info = &common.InfoMsg{Level: common.LevelError, Text: "storage: " + h.WriteErr.Error(), TTL: storageNoticeTTL}
	case h.WriteErr == nil && w.failing:
		w.failing = false
		if m.scr.banner.text == writeFailAdvice {
			m.scr.banner = banner{}
			m.scr.mark(needLayout)
		}
		info = &common.InfoMsg{Level: common.LevelInfo, Text: "saving to disk again: nothing was lost", TTL: storageNoticeTTL}
	case h.Skipped > w.skipped:
		w.skipped = h.Skipped
		m.setBanner(skippedRows(h.Skipped), false)
		info = &common.InfoMsg{Level: common.LevelWarn, Text: "storage: " + h.ReadErr.Error(), TTL: storageNoticeTTL}
	}
	var cmds []tea.Cmd
	if info != nil {
		msg := *info
		cmds = append(cmds, func() tea.Msg { return msg }, m.scr.clockTick())
	}
	if w.failing && !w.watching {
		w.watching = true
		cmds = append(cmds, m.scr.tick(storageCheckInterval, storageCheckMsg{}))
	}
	return tea.Batch(cmds...)
}

// handleStorageCheck looks again while writes fail.
func (m *Model) handleStorageCheck() tea.Cmd {
	m.storage.watching = false
	return m.checkStorage()
}

// setBanner shows a storage banner for storageNoticeTTL.
func (m *Model) setBanner(text string, isErr bool) {
	m.scr.banner = banner{text: text, isErr: isErr, until: m.com.Now().Add(storageNoticeTTL)}
	m.scr.mark(needLayout)
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
