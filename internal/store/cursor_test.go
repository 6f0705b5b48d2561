package store

import "testing"

// TestResetCursorLowersThePersistedCursor: after a gateway reset the
// cursor goes down to the gateway's, survives a reopen, and grows again
// from there; a "reset" upwards changes nothing.
func TestResetCursorLowersThePersistedCursor(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, `{"type":"sync.done","payload":{"cursor":42}}`)
	if s.ResetCursor(50); s.Cursor() != 42 {
		t.Fatalf("cursor %d after a reset upwards, want 42", s.Cursor())
	}
	s.ResetCursor(3)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if s.Cursor() != 3 {
		t.Fatalf("cursor %d after reopen, want 3", s.Cursor())
	}
	replay(t, s, `{"type":"message","chat_id":"d","cursor":4,"payload":{"message_id":"m_4","role":"assistant","text":"x"}}`)
	if s.Cursor() != 4 {
		t.Fatalf("cursor %d after a replay at 4, want 4", s.Cursor())
	}
}
