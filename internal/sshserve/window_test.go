package sshserve

import (
	"runtime"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

// heapMiB is the live heap after a collection, in MiB.
func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// sessionHeapLimit bounds what one session's screen may cost, in MiB: a
// clamped 500×300 window is 150k cells (about 17 MiB); the sizes asked
// for below are 1.2M cells and more.
const sessionHeapLimit = 64

func TestHugeWindowsAreClampedAndTheirMemoryBounded(t *testing.T) {
	ts, c := serveOneKey(t, "k", nil)
	before := heapMiB()

	// A raw client (no terminal emulator of its own, which would be as big).
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.StdinPipe(); err != nil { // kept open: EOF would end the session
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm", 1000, 1200, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	ts.waitSize(t, "500x300")
	if grew := heapMiB() - before; grew > sessionHeapLimit {
		t.Errorf("a 1200×1000 pty-req grew the heap by %.0f MiB, want under %d", grew, sessionHeapLimit)
	}

	if err := sess.WindowChange(4000, 20); err != nil {
		t.Fatal(err)
	}
	ts.waitSize(t, "20x300")
	if err := sess.WindowChange(1000, 1600); err != nil {
		t.Fatal(err)
	}
	ts.waitSize(t, "500x300")
	if grew := heapMiB() - before; grew > sessionHeapLimit {
		t.Errorf("a 1600×1000 window-change grew the heap by %.0f MiB, want under %d", grew, sessionHeapLimit)
	}

	sess.Close()
	ts.waitFinished(t, 1)
	// The session's goroutines let go of it just after finish: poll.
	deadline := time.Now().Add(sshtest.Deadline)
	for grew := heapMiB() - before; grew > sessionHeapLimit/8; grew = heapMiB() - before {
		if time.Now().After(deadline) {
			t.Fatalf("%.0f MiB more heap after the session closed", grew)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
