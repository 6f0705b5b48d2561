package store

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// open opens a persistent State in dir with the test clock.
func open(t *testing.T, dir string, clk *clock) *State {
	t.Helper()
	s, err := Open(dir, Options{Now: clk.now, PageSize: 50})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

func closeState(t *testing.T, s *State) {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
}

// rawDB opens the database file directly, for asserting on rows.
func rawDB(t *testing.T, dir string) *sql.DB {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func count(t *testing.T, conn *sql.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func TestReopenKeepsEverything(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	focus(s, chan7)
	apply(t, s, turn(1)...)
	replay(t, s, withCursors(turn(2), 40)...)
	apply(t, s, `{"type":"commands.catalog","id":1,"payload":{"commands":[{"name":"/new","args_hint":""}]}}`,
		`{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"pa","command":"ls"}}`)
	s.AnswerPicker(def, "pa", "v", "approved once: ls")
	s.PickerAccepted("pa")
	s.ApplyHistory(thr, "", page(1, 3, true))
	apply(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"r","role":"assistant","text":"ok",
		"runtime":{"model":"q3","context_pct":38,"cwd":"~","latency":2.5,"cost":0.01}}}`)
	s.SetDraft(thr, "draft")
	s.SetSetting("theme", "light")
	apply(t, s, `{"type":"status","payload":{"state":"restarting"}}`) // a notice: not kept
	before := dump(s, def)
	closeState(t, s)

	s = open(t, dir, clk)
	defer closeState(t, s)
	wantTree(t, s, "*d Default", "c7 Seven", "  c7/t1 Thread")
	if got := dump(s, def); got != before {
		t.Fatalf("lane d after reopen:\n%s\nwant\n%s", got, before)
	}
	want(t, s, chan7, `assistant r "ok"`)
	if ln := s.Lane(chan7); ln.Model != "q3" || *ln.Runtime.ContextPct != 38 || *s.Lane(chan7).Message("r").Runtime.Cost != 0.01 {
		t.Fatalf("runtime lost: %+v", ln.Runtime)
	}
	want(t, s, thr, `assistant m1 "t1"`, `user m2 "t2" sent`, `assistant m3 "t3"`)
	ln := s.Lane(def)
	if ln.Unread != 2 || ln.Model != "" || !s.Lane(thr).HasMore || s.Lane(thr).OldestID != "m1" {
		t.Fatalf("lane state unread %d model %q", ln.Unread, ln.Model)
	}
	if s.Cursor() != 50 || len(s.Catalog()) != 1 || s.Draft(thr) != "draft" || s.Focused() != chan7 {
		t.Fatalf("cursor %d catalog %v draft %q", s.Cursor(), s.Catalog(), s.Draft(thr))
	}
	if v, _ := s.Setting("theme"); v != "light" {
		t.Fatalf("theme %q", v)
	}
	if h := s.Health(); h.WriteErr != nil || h.ReadErr != nil {
		t.Fatalf("%+v", h)
	}
}

// reopened returns a store in dir holding m1..m120 in lane d (the gateway
// having more when more is set), freshly reopened.
func reopened(t *testing.T, dir string, clk *clock, more bool) *State {
	t.Helper()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	s.ApplyHistory(def, "", page(1, 120, more))
	closeState(t, s)
	return open(t, dir, clk)
}

// Messages in the store outside the loaded window are paged in on demand
// and deleted for real.
func TestPagingFromTheStore(t *testing.T) {
	s := reopened(t, t.TempDir(), newClock(), true)
	defer closeState(t, s)
	ln := s.Lane(def)
	wantIDs(t, s, def, 71, 120)
	if !ln.HasMore || ln.OldestID != "m71" {
		t.Fatalf("more %v oldest %q", ln.HasMore, ln.OldestID)
	}
	c, req := loadOlder(s, def)
	if req != nil || !c.Has(def) {
		t.Fatalf("req %+v change %+v", req, c)
	}
	wantIDs(t, s, def, 21, 120)
	loadOlder(s, def)
	wantIDs(t, s, def, 1, 120)
	_, req = loadOlder(s, def)
	if req == nil || req.BeforeMessageID != "m1" {
		t.Fatalf("after the store is exhausted: %+v", req)
	}
	// Deleting a message that is not in memory removes its row too.
	apply(t, s, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["m2","m100"]}}`)
	s.db.flush()
	if n := count(t, s.db.conn, `SELECT COUNT(*) FROM items WHERE msg_id IN ('m2','m100')`); n != 0 {
		t.Fatalf("%d rows left", n)
	}
}

// TestReplayOfATurnOnlyTheStoreHolds: a replay of a turn that only the
// database holds (memory has the newest page) is applied as by a State
// that holds the whole lane: the lane is paged back in down to the turn,
// whose messages are not added twice, whose commentary and tool card go
// into that turn (not the one in memory) and whose busy state is stale.
func TestReplayOfATurnOnlyTheStoreHolds(t *testing.T) {
	frames := []string{`{"type":"message","chat_id":"d","payload":{"message_id":"m4","role":"user","text":"t4"}}`,
		`{"type":"agent.busy","chat_id":"d","payload":{}}`,
		`{"type":"commentary","chat_id":"d","payload":{"message_id":"c4","text":"hm"}}`,
		`{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"x"}}`,
		`{"type":"tool.end","chat_id":"d","payload":{"index":1,"ok":true}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"m5","role":"assistant","text":"t5"}}`,
		`{"type":"agent.idle","chat_id":"d","payload":{}}`}
	dir, clk := t.TempDir(), newClock()
	s := reopened(t, dir, clk, true)
	wantIDs(t, s, def, 71, 120)
	mem := newState(clk)
	apply(t, mem, helloAck)
	mem.ApplyHistory(def, "", page(1, 120, true))
	replay(t, s, frames...)
	replay(t, mem, frames...)
	want := dump(mem, def)
	if got := dump(s, def); got != want || s.Lane(def).Busy {
		t.Fatalf("busy %v, lane:\n%s\nwant:\n%s", s.Lane(def).Busy, got, want)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if got := dump(readAll(s), def); got != want {
		t.Fatalf("stored:\n%s\nwant:\n%s", got, want)
	}
}

func TestHardDeletesLeaveNoRows(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	for _, l := range []frame.Lane{def, chan7, thr} {
		s.ApplyHistory(l, "", page(1, 60, false))
		s.SetDraft(l, "secret draft")
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"gone","text":"secret text"}}`,
		`{"type":"message","chat_id":"x","thread_id":"tx","payload":{"message_id":"xm","text":"secret text"}}`)
	closeState(t, s)
	s = open(t, dir, clk) // lane x/tx is only stored now, and not in the directory
	apply(t, s, `{"type":"channel.deleted","payload":{"chat_id":"x"}}`)
	apply(t, s, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["gone"]}}`,
		`{"type":"channel.deleted","payload":{"chat_id":"c7"}}`)
	closeState(t, s)

	conn := rawDB(t, dir)
	for q, n := range map[string]int{
		`SELECT COUNT(*) FROM items WHERE chat_id IN ('c7', 'x')`:    0,
		`SELECT COUNT(*) FROM lanes WHERE chat_id = 'c7'`:            0,
		`SELECT COUNT(*) FROM drafts WHERE chat_id = 'c7'`:           0,
		`SELECT COUNT(*) FROM channels WHERE chat_id = 'c7'`:         0,
		`SELECT COUNT(*) FROM items WHERE msg_id = 'gone'`:           0,
		`SELECT COUNT(*) FROM items WHERE body LIKE '%secret text%'`: 0,
		`SELECT COUNT(*) FROM items WHERE chat_id = 'd'`:             60,
	} {
		if got := count(t, conn, q); got != n {
			t.Errorf("%s = %d, want %d", q, got, n)
		}
	}
}

// The outgoing queue survives a restart in order; a message that was being
// sent comes back as "delivery unknown".
func TestOutgoingSurvivesRestart(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	s.AddOutgoing(def, "one", "c1", "", nil)
	s.AddOutgoing(chan7, "two", "c2", "", []string{"mu"})
	s.AddOutgoing(def, "three", "c3", "", nil)
	s.SetDelivery("c1", DeliverySending)
	s.ApplyHistory(def, "", page(1, 80, false)) // pushes c1 far from the newest page
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"late","text":"x","ts":1900000000000}}`)
	closeState(t, s)

	s = open(t, dir, clk)
	wantOutgoing(t, s, "c1:unknown", "c2:queued", "c3:queued")
	if o := s.Outgoing()[1]; o.Lane != chan7 || o.Text != "two" || o.MediaRefs[0] != "mu" {
		t.Fatalf("%+v", o)
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"u3","role":"user","text":"three","client_msg_id":"c3"}}`)
	wantOutgoing(t, s, "c1:unknown", "c2:queued")
	closeState(t, s)
	s = open(t, dir, clk)
	wantOutgoing(t, s, "c1:unknown", "c2:queued")
	closeState(t, s)
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, newClock())
	closeState(t, s)
	conn := rawDB(t, dir)
	if _, err := conn.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, Options{}); err == nil {
		t.Fatal("opened a database from the future")
	}
	if _, err := Open(filepath.Join(dir, FileName, "sub"), Options{}); err == nil {
		t.Fatal("opened under a file")
	}
}

// A streaming bubble is written once, when it is final.
func TestStreamingWrittenWhenFinal(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	defer closeState(t, s)
	apply(t, s, helloAck,
		`{"type":"message.start","chat_id":"d","payload":{"message_id":"m"}}`,
		`{"type":"message.update","chat_id":"d","payload":{"message_id":"m","text":"part"}}`)
	s.db.flush()
	if n := count(t, s.db.conn, `SELECT COUNT(*) FROM items`); n != 0 {
		t.Fatalf("%d rows while streaming", n)
	}
	apply(t, s, `{"type":"message.stop","chat_id":"d","payload":{"message_id":"m","final_text":"whole"}}`)
	s.db.flush()
	if n := count(t, s.db.conn, `SELECT COUNT(*) FROM items WHERE msg_id = 'm' AND body LIKE '%whole%'`); n != 1 {
		t.Fatalf("%d final rows", n)
	}
}

// A replayed message older than everything in memory is placed among the
// stored messages, not before the loaded window.
func TestOldMessageLandsAmongStoredOnes(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := reopened(t, dir, clk, false)
	replay(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"old","role":"assistant","text":"x","ts":1800000030500}}`)
	ln := s.Lane(def)
	if i, _ := ln.IndexOf("old"); ln.Item(i-1).Msg.ID != "m30" || ln.Item(i+1).Msg.ID != "m31" {
		t.Fatalf("placed at %d between %s and %s", i, ln.Item(i-1).Msg.ID, ln.Item(i+1).Msg.ID)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	for s.Lane(def).localMore {
		loadOlder(s, def)
	}
	if i, _ := s.Lane(def).IndexOf("old"); s.Lane(def).Item(i-1).Msg.ID != "m30" {
		t.Fatalf("stored at %d", i)
	}
}

// The sidebar reads every lane's unread count; only lanes whose transcript
// is looked at read their items.
func TestLaneItemsReadOnFirstUse(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	apply(t, s, helloAck)
	focus(s, def)
	apply(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"a","text":"x"}}`)
	closeState(t, s)
	s = open(t, dir, clk)
	if c := focus(s, chan7); !c.Has(chan7) || s.lanes[chan7].Unread != 0 {
		t.Fatalf("focus on a lane not used yet: %+v", c)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	if s.Focused() != chan7 || s.Lane(chan7).Unread != 0 {
		t.Fatal("read state not kept")
	}
	focus(s, def)
	apply(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"b","text":"x"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"x","text":"y"}}`)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	ln := s.Lane(chan7)
	if ln.Unread != 1 || !ln.notRead || ln.Len() != 0 {
		t.Fatalf("unread %d, items read early: %d", ln.Unread, ln.Len())
	}
	focus(s, chan7)
	if ln.Len() != 2 || ln.Item(0).Msg.ID != "a" || ln.notRead {
		t.Fatal("items not read when the lane is opened")
	}
	// A frame for a lane not read yet reads it first, so dedupe still works.
	replay(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"x","text":"y"}}`)
	if s.Lane(def).Len() != 1 {
		t.Fatal(dump(s, def))
	}
}

// A stored row that cannot be read is skipped and reported; writing goes
// on. A file that is not a database is refused and left untouched.
func TestDamagedStore(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	s.ApplyHistory(def, "", page(1, 3, false))
	closeState(t, s)
	conn := rawDB(t, dir)
	if _, err := conn.Exec(`UPDATE items SET body = 'not json' WHERE msg_id = 'm2'`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	s = open(t, dir, clk)
	want(t, s, def, `assistant m1 "t1"`, `assistant m3 "t3"`)
	if h := s.Health(); h.ReadErr == nil || h.Skipped != 1 || h.WriteErr != nil {
		t.Fatalf("damaged row reported as %+v", h)
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"m4","text":"t4","ts":1800000004000}}`)
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "m2") {
		t.Fatalf("close: %v, want the read problem", err)
	}
	if n := count(t, rawDB(t, dir), `SELECT COUNT(*) FROM items WHERE msg_id = 'm4'`); n != 1 {
		t.Fatal("writing stopped after a read problem")
	}

	junk := t.TempDir()
	garbage := []byte("this is not an SQLite database, and it must survive\n")
	if err := os.WriteFile(filepath.Join(junk, FileName), garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk, Options{}); err == nil {
		t.Fatal("opened a file that is not a database")
	}
	if b, _ := os.ReadFile(filepath.Join(junk, FileName)); string(b) != string(garbage) {
		t.Fatal("the damaged file was changed")
	}
}

// A second Iris on the same profile is refused with a clear error.
func TestSecondOpenRefused(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, newClock())
	_, err := Open(dir, Options{})
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("second open: %v", err)
	}
	closeState(t, s)
	s = open(t, dir, newClock())
	closeState(t, s)
}
