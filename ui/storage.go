package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/common"
)

// storageNoticeTTL is how long a storage failure stays on screen.
const storageNoticeTTL = time.Minute

// storageAdvice tells the user what a storage failure means and what to do,
// short enough for the one-line banner at 120 columns; the status bar
// carries the error, and Iris names the data directory on stderr at quit.
const storageAdvice = "Local store failed; new messages may not be saved. Check disk space, then restart Iris."

// checkStorage tells the user, once per run, that the store hit a disk or
// database error: a banner says what it means and what to do, the status bar
// carries the error itself. The store keeps working in memory meanwhile.
func (m *Model) checkStorage() tea.Cmd {
	if m.storageReported {
		return nil
	}
	err := m.com.Store.StorageError()
	if err == nil {
		return nil
	}
	m.storageReported = true
	m.banner = banner{text: storageAdvice, isErr: true, until: m.com.Now().Add(storageNoticeTTL)}
	m.relayout()
	info := common.InfoMsg{Level: common.LevelError, Text: "storage: " + err.Error(), TTL: storageNoticeTTL}
	return tea.Batch(func() tea.Msg { return info }, m.clockTick())
}
