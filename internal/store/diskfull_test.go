package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// waitHealth polls the store's health until ok accepts it.
func waitHealth(t *testing.T, s *State, what string, ok func(Health) bool) Health {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		h := s.Health()
		if ok(h) {
			return h
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: health %+v", what, h)
		}
		time.Sleep(5 * time.Millisecond) // polling the writer goroutine, bounded by the deadline
	}
}

// When the disk fills, what cannot be written is held in memory and the
// typed messages among it are named; when space returns, everything held
// is written, in order, and writing goes on.
func TestFullDiskHoldsWritesUntilSpaceReturns(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s, err := Open(dir, Options{Now: clk.now, WriteRetry: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	replay(t, s, `{"cursor":5,"type":"message","chat_id":"d","payload":{"message_id":"m5","text":"x"}}`)
	if err := s.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a long line to fill pages ", 400)
	s.AddOutgoing(def, "first typed "+big, "c1", "", nil)
	replay(t, s, `{"cursor":6,"type":"message","chat_id":"d","payload":{"message_id":"m6","text":"x"}}`)
	s.AddOutgoing(def, "second typed "+big, "c2", "", nil)
	s.db.flush()

	h := waitHealth(t, s, "full disk", func(h Health) bool { return h.WriteErr != nil && len(h.Unsaved) == 2 })
	var se *sqlite.Error
	if !errors.As(h.WriteErr, &se) || se.Code()&0xff != sqlite3.SQLITE_FULL {
		t.Fatalf("write error %v, want SQLITE_FULL", h.WriteErr)
	}
	if !strings.HasPrefix(h.Unsaved[0].Text, "first typed") || !strings.HasPrefix(h.Unsaved[1].Text, "second typed") {
		t.Fatalf("unsaved %q, %q", h.Unsaved[0].Text[:12], h.Unsaved[1].Text[:13])
	}
	if n := count(t, s.db.conn, `SELECT value FROM meta WHERE key = 'cursor'`); n != 5 {
		t.Fatalf("stored cursor %d ran ahead of the held writes", n)
	}

	if err := s.FillDisk(false); err != nil {
		t.Fatal(err)
	}
	waitHealth(t, s, "space returned", func(h Health) bool { return h.WriteErr == nil && len(h.Unsaved) == 0 })
	s.AddOutgoing(def, "third typed", "c3", "", nil)
	closeState(t, s)

	conn := rawDB(t, dir)
	if n := count(t, conn, `SELECT value FROM meta WHERE key = 'cursor'`); n != 6 {
		t.Fatalf("stored cursor %d, want 6", n)
	}
	if n := count(t, conn, `SELECT COUNT(*) FROM items WHERE client_msg_id IN ('c1', 'c2', 'c3')`); n != 3 {
		t.Fatalf("%d of 3 typed messages stored", n)
	}
	if n := count(t, conn, `SELECT COUNT(*) FROM items WHERE msg_id = 'm6'`); n != 1 {
		t.Fatal("the held replayed message was not stored")
	}
}

// Held writes that still fail at close are reported lost by Close.
func TestFullDiskAtCloseSaysWhatIsLost(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s, err := Open(dir, Options{Now: clk.now, WriteRetry: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	replay(t, s, `{"cursor":5,"type":"message","chat_id":"d","payload":{"message_id":"m5","text":"x"}}`)
	if err := s.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	s.AddOutgoing(def, "typed "+strings.Repeat("fill ", 2000), "c1", "", nil)
	waitHealth(t, s, "full disk", func(h Health) bool { return len(h.Unsaved) == 1 })
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "lost") {
		t.Fatalf("close: %v", err)
	}
}

// SaveNow retries at once: when space is back, the held writes are made
// without waiting for the next retry.
func TestSaveNowWritesHeldWithoutWaiting(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s, err := Open(dir, Options{Now: clk.now, WriteRetry: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	s.AddOutgoing(def, "typed "+strings.Repeat("fill ", 2000), "c1", "", nil)
	if h := s.SaveNow(); h.WriteErr == nil || len(h.Unsaved) != 1 {
		t.Fatalf("full disk: %+v", h)
	}
	if err := s.FillDisk(false); err != nil {
		t.Fatal(err)
	}
	if h := s.SaveNow(); h.WriteErr != nil || len(h.Unsaved) != 0 {
		t.Fatalf("space back: %+v", h)
	}
	closeState(t, s)
	if n := count(t, rawDB(t, dir), `SELECT COUNT(*) FROM items WHERE client_msg_id = 'c1'`); n != 1 {
		t.Fatal("the held message was not written")
	}
}
