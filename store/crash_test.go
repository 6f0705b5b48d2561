package store

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/hermes/iris/wsclient/frame"
)

const crashEnv = "IRIS_STORE_CRASH_DIR"

// TestCrashKeepsCursorBehindData kills -9 a process that applies a sync
// replay (one message per cursor) as fast as it can, then reopens the
// store: it must open, and every message up to the stored cursor must be
// there. The test binary itself is the process (run with crashEnv set).
func TestCrashKeepsCursorBehindData(t *testing.T) {
	if dir := os.Getenv(crashEnv); dir != "" {
		replayForever(dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKeepsCursorBehindData$")
	cmd.Env = append(os.Environ(), crashEnv+"="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	waitForCursor(t, dir, 300)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	s, err := Open(dir, Options{PageSize: 50})
	if err != nil {
		t.Fatalf("open after kill -9: %v", err)
	}
	defer closeState(t, s)
	cur := s.Cursor()
	if cur < 300 {
		t.Fatalf("cursor %d went back", cur)
	}
	n := count(t, s.db.conn, `SELECT COUNT(*) FROM items WHERE chat_id = 'd' AND CAST(substr(msg_id, 2) AS INTEGER) <= ?`, cur)
	if int64(n) != cur {
		t.Fatalf("cursor %d but only %d of its messages stored", cur, n)
	}
	if _, req := s.LoadOlder(def); req != nil || !s.Lane(def).HasMore {
		t.Fatal("paging after the crash")
	}
}

// replayForever is the process that gets killed.
func replayForever(dir string) {
	s, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := int64(1); ; i++ {
		s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("d"), Cursor: i,
			Payload: &frame.Message{MessageID: "m" + strconv.FormatInt(i, 10), Role: frame.RoleAssistant,
				Text: "final text " + strconv.FormatInt(i, 10), TS: 1_800_000_000_000 + i}}, true)
	}
}

// waitForCursor polls the database until the stored cursor reaches min.
func waitForCursor(t *testing.T, dir string, min int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(dir + "/" + FileName); err == nil {
			conn := rawDB(t, dir)
			var v string
			err := conn.QueryRow(`SELECT value FROM meta WHERE key = 'cursor'`).Scan(&v)
			conn.Close()
			if c, _ := strconv.Atoi(v); err == nil && c >= min {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("cursor never reached %d", min)
}
