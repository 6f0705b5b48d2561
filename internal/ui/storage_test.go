package ui

import (
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// A stored row that cannot be read is reported once, as what happened: the
// row was skipped and saving continues (not "store failed"); the status bar
// names the error, and later changes do not raise it again.
func TestUnreadableRowReportedAsSkipped(t *testing.T) {
	dir := t.TempDir()
	now := fixedNow
	clock := func() time.Time { return now }
	st, err := store.Open(dir, store.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	st.Apply(hello(), false)
	st.Apply(msgFrame("m1", frame.RoleAssistant, "first", ms(1, 0)), false)
	st.Apply(msgFrame("m2", frame.RoleAssistant, "second", ms(2, 0)), false)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	damageRow(t, dir, "m1")

	st, err = store.Open(dir, store.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := storeHarness(t, st, clock)
	h.mustNotShow("skipped")
	h.run(h.m.Init())
	h.mustShow("second", "1 stored row could not be read and was skipped; saving continues.", "storage: ")
	h.mustNotShow("failed", "may not be saved", writeFailAdvice)

	now = now.Add(2 * storageNoticeTTL)
	h.send(clockMsg{})
	h.mustNotShow("skipped", "storage: ")
	h.frame(msgFrame("m3", frame.RoleAssistant, "third", ms(3, 0)))
	h.mustShow("third")
	h.mustNotShow("skipped", "storage: ")
}

// damageRow makes the stored item msgID unreadable.
func damageRow(t *testing.T, dir, msgID string) {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE items SET body = 'not json' WHERE msg_id = ?`, msgID)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%d rows damaged", n)
	}
}
