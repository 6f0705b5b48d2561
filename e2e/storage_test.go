package e2e

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
)

// A damaged store is reported in the UI as what happened (a row skipped,
// saving goes on, the error) and again on stderr when Iris quits; the rest
// of the cache still shows.
func TestStorageTroubleIsShown(t *testing.T) {
	const token = "storage-token"
	_, url := startSim(t, token, 0)
	e := newEnv(t)
	e.connectOnce("--url", url, "--token", token)
	e.damageNewestItem()

	r := e.start("--url", closedURL(t), "--token", token)
	r.waitShows("1 stored row could not be read and was skipped; saving continues.", "storage: ", "What's the disk usage? (#28)")
	r.quit()
	after := r.output()
	if !containsAll(after, "iris: the local store had a problem:", "is unreadable", e.dataDir()) {
		t.Fatalf("stderr after quitting lacks the store's problem and what to do:\n%s", after)
	}
}

// damageNewestItem makes the default channel's newest stored item
// unreadable, as a torn write or a bad disk would.
func (e *env) damageNewestItem() {
	e.t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(e.dataDir(), store.FileName))
	if err != nil {
		e.t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE items SET body = 'not json' WHERE id = (SELECT MAX(id) FROM items WHERE chat_id = ?)`, gatewaysim.DefaultChatID)
	if err != nil {
		e.t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		e.t.Fatalf("%d rows damaged", n)
	}
}
