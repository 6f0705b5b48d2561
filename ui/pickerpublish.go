package ui

import (
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/ui/common"
)

// The TUI publishes its pending pickers to Options.PickersFile
// (pickerfile.TUIFile in the profile's data dir), so that `iris pickers`
// and `iris answer`, which connect as another device, know the pickers
// raised before that device's first connection: the gateway's outbox is
// per device. The file is written in a tea.Cmd, only when the set of
// pending pickers changed; writes land in the order they were made.

// pickerPublish is the root's record of what it published.
type pickerPublish struct {
	last string // the ids of the pickers last published ("" none yet)
	seq  uint64 // the number of the latest snapshot taken
	sink *publishSink
}

// publishSink orders the writes of the snapshots: one older than the
// latest written is dropped (tea.Cmds run concurrently).
type publishSink struct {
	mu      sync.Mutex
	written uint64
}

func (s *publishSink) write(path string, seq uint64, entries []pickerfile.Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq <= s.written {
		return nil
	}
	s.written = seq
	return pickerfile.Write(path, entries)
}

// publishPickers writes the pending pickers when their set changed. The
// snapshot is taken here (the store is read only in Update); the file is
// written in the returned command.
func (m *Model) publishPickers() tea.Cmd {
	path := m.opts.PickersFile
	if path == "" {
		return nil
	}
	var ids []string
	for _, p := range m.st.AllPickers() {
		ids = append(ids, p.PickerID)
	}
	key := strings.Join(ids, "\x00")
	pub := &m.pickers.published
	if key == pub.last {
		return nil
	}
	entries, err := pickerfile.Snapshot(m.st)
	if err != nil {
		return nil // a picker that does not encode is not published
	}
	pub.last = key
	pub.seq++
	if pub.sink == nil {
		pub.sink = &publishSink{}
	}
	sink, seq := pub.sink, pub.seq
	return func() tea.Msg {
		if err := sink.write(path, seq, entries); err != nil {
			return common.InfoMsg{Level: common.LevelWarn, Text: "pending pickers not shared with iris pickers: " + err.Error(), TTL: auditWarningTTL}
		}
		return nil
	}
}
