package store

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

const crashEnv = "IRIS_STORE_CRASH_DIR"

// TestCrashKeepsCursorBehindData kills -9 a process that applies a sync
// replay (one message per cursor) as fast as it can, then reopens the
// store: it must open, and every message up to the stored cursor must be
// there. The test binary itself is the process (run with crashEnv set).
func TestCrashKeepsCursorBehindData(t *testing.T) {
	if dir := os.Getenv(crashEnv); dir != "" {
		replayUntilKilled(dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKeepsCursorBehindData$")
	cmd.Env = append(os.Environ(), crashEnv+"="+dir)
	stdin, err := cmd.StdinPipe() // the child exits when this closes
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	waitWritten(t, out, 300)
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
	if _, req := loadOlder(s, def); req != nil || !s.Lane(def).HasMore {
		t.Fatal("paging after the crash")
	}
}

// replayUntilKilled is the process that gets killed. It reports on stdout
// how far its writes got, and gives up on its own after a bounded run or
// when the test that started it goes away (stdin closes).
func replayUntilKilled(dir string) {
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(3)
	}()
	s, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := int64(1); i <= 100_000; i++ {
		s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("d"), Cursor: i,
			Payload: &frame.Message{MessageID: "m" + strconv.FormatInt(i, 10), Role: frame.RoleAssistant,
				Text: "final text " + strconv.FormatInt(i, 10), TS: 1_800_000_000_000 + i}}, true)
		if i%100 == 0 {
			s.db.flush()
			fmt.Println("written", i)
		}
	}
	os.Exit(4)
}

// waitWritten reads the child's progress until it has written min frames.
func waitWritten(t *testing.T, out io.Reader, min int) {
	t.Helper()
	reached := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var n int
			if _, err := fmt.Sscanf(sc.Text(), "written %d", &n); err == nil && n >= min {
				reached <- true
				go io.Copy(io.Discard, out)
				return
			}
		}
		reached <- false
	}()
	select {
	case ok := <-reached:
		if !ok {
			t.Fatal("the writer process ended early")
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the writer process never wrote %d frames", min)
	}
}
