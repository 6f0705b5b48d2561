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

// TestDeletingAMessageIDInOneLaneKeepsTheOthers: message.deleted naming a
// lane removes that lane's message only, in memory and in the database,
// and only that one stays deleted; a deletion naming no lane removes
// nothing (it is never guessed into a lane, nor into all of them).
func TestDeletingAMessageIDInOneLaneKeepsTheOthers(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	msg := func(chat, thread, text string) string {
		tid := `null`
		if thread != "" {
			tid = `"` + thread + `"`
		}
		return `{"type":"message","chat_id":"` + chat + `","thread_id":` + tid + `,"payload":{"message_id":"m_1","role":"assistant","text":"` + text + `"}}`
	}
	apply(t, s, msg("d", "", "in d"), msg("c7", "", "in c7"), msg("c7", "t1", "in t1"))
	apply(t, s, `{"type":"message.deleted","chat_id":"d","thread_id":null,"payload":{"message_ids":["m_1"]}}`)
	replay(t, s, `{"type":"message","chat_id":"d","cursor":5,"payload":{"message_id":"m_1","role":"assistant","text":"in d"}}`)
	apply(t, s, msg("c7", "", "in c7, edited"))
	want(t, s, def)
	want(t, s, chan7, `assistant m_1 "in c7, edited"`)
	want(t, s, thr, `assistant m_1 "in t1"`)
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	want(t, s, def)
	want(t, s, chan7, `assistant m_1 "in c7, edited"`)
	want(t, s, thr, `assistant m_1 "in t1"`)
	apply(t, s, `{"type":"message.deleted","payload":{"message_ids":["m_1"]}}`)
	want(t, s, chan7, `assistant m_1 "in c7, edited"`)
	want(t, s, thr, `assistant m_1 "in t1"`)
}
