package audit

import "time"

// FindAnswer returns the newest accepted (or sent and not confirmed)
// answer to picker pickerID in lane of the gateway at gatewayURL (as
// GatewayURL writes it) logged at or after since: the record of who
// answered a picker on this machine when the gateway does not say (the
// TUI's fallback for PROTOCOL-EXTENSIONS.md's picker_answered). An answer
// sent and not confirmed counts: the caller saw the turn move on after it
// (iris answer may have ended before it did). Picker ids repeat across
// gateways and restarts, hence the gateway, lane and time.
func (l *Log) FindAnswer(gatewayURL, lane, pickerID string, since time.Time) (Entry, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	entries, _, err := Read(l.path, since)
	if err != nil {
		return Entry{}, false, err
	}
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if e.PickerID == pickerID && e.Lane == lane && e.Gateway == gatewayURL && (e.Result == Accepted || e.Result == NotConfirmed) {
			return e, true, nil
		}
	}
	return Entry{}, false, nil
}
