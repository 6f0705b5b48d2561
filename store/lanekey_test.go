package store

import "testing"

// TestSameMessageIDInTwoLanes: the store keeps messages per lane, so the
// same message_id in two lanes is two messages, in memory and after a
// reopen from the database (the wsclient dedupe is keyed the same way).
func TestSameMessageIDInTwoLanes(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s,
		`{"type":"message","chat_id":"d","thread_id":null,"payload":{"message_id":"m_1","role":"assistant","text":"in d"}}`,
		`{"type":"message","chat_id":"c7","thread_id":null,"payload":{"message_id":"m_1","role":"assistant","text":"in c7"}}`)
	replay(t, s,
		`{"type":"message","chat_id":"c7","thread_id":"t1","cursor":3,"payload":{"message_id":"m_1","role":"assistant","text":"in t1"}}`)
	check := func(s *State) {
		t.Helper()
		want(t, s, def, `assistant m_1 "in d"`)
		want(t, s, chan7, `assistant m_1 "in c7"`)
		want(t, s, thr, `assistant m_1 "in t1"`)
	}
	check(s)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	check(s) // Lane reads each lane's stored items
}
