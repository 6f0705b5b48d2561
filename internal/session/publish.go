package session

import (
	"context"
	"strings"
	"sync"

	"github.com/hermes/iris/internal/pickerfile"
)

// The TUI publishes its pending pickers to Options.PickersFile
// (pickerfile.TUIFile in the profile's data dir), so that `iris pickers`
// and `iris answer`, which connect as another device, know the pickers
// raised before that device's first connection: the gateway's outbox is
// per device. The file is written in Work, only when the set of pending
// pickers changed; writes land in the order they were made.

// published is the engine's record of what it published.
type published struct {
	last string // the ids of the pickers last published ("" none yet)
	seq  uint64 // the number of the latest snapshot taken
	sink publishSink
}

// publishSink orders the writes of the snapshots: one older than the
// latest written is dropped (Work runs concurrently).
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

// publishWork writes the pending pickers when their set changed. The
// snapshot is taken here (the store is read only on the engine's
// goroutine); the file is written in the Work.
func (e *Engine) publishWork() Work {
	path := e.opts.PickersFile
	if path == "" {
		return nil
	}
	var ids []string
	for _, p := range e.st.AllPickers() {
		ids = append(ids, p.PickerID)
	}
	key := strings.Join(ids, "\x00")
	pub := &e.published
	if key == pub.last {
		return nil
	}
	entries, err := pickerfile.Snapshot(e.st)
	if err != nil {
		return nil // a picker that does not encode is not published
	}
	pub.last = key
	pub.seq++
	sink, seq := &pub.sink, pub.seq
	return func(ctx context.Context) any {
		if err := sink.write(path, seq, entries); err != nil {
			return Notice{Level: LevelWarn, Text: "pending pickers not shared with iris pickers: " + err.Error(), TTL: AuditWarningTTL}
		}
		return nil
	}
}
