package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// lockedBuffer is a bytes.Buffer a test may read while a process writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// `iris send` while the TUI runs on the same profile: both work, the
// message shows once in the TUI, and each keeps its own device id.
func TestHeadlessSendBesideTheTUI(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "beside-token"
		sim, url := startSimIn(t, d, token, 5*time.Millisecond)
		e := newEnv(t)
		e.height = 60
		r := e.start("--url", url, "--token", token)
		r.waitShows("● online", "Channels")

		code, out := e.exec("send", "--url", url, "--token", token, "--wait", "hello from cron")
		if code != 0 {
			t.Fatalf("iris send exited %d:\n%s", code, out)
		}
		if !strings.Contains(out, "Anything else you want me to look at?") {
			t.Fatalf("iris send --wait printed no reply:\n%s", out)
		}
		r.waitShows("hello from cron", "Anything else you want me to look at?")
		if dead, _ := r.pane(); dead {
			t.Fatalf("the TUI ended:\n%s", r.output())
		}
		r.quit()

		if n := countText(e.storedMessages(), "hello from cron"); n != 1 {
			t.Fatalf("the TUI holds the sent message %d times", n)
		}
		tui, err := os.ReadFile(filepath.Join(e.dataDir(), "device_id"))
		if err != nil {
			t.Fatal(err)
		}
		hl, err := os.ReadFile(filepath.Join(e.dataDir(), "headless_device_id"))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(tui, hl) {
			t.Fatal("iris send used the TUI's device id")
		}
		if fi, err := os.Stat(filepath.Join(e.dataDir(), "headless_device_id")); err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("headless_device_id: %v %v", fi.Mode(), err)
		}
		sends := 0
		for _, f := range sim.Received() {
			if p, ok := f.Payload.(*frame.MessageSend); ok && p.Text == "hello from cron" {
				sends++
			}
		}
		if sends != 1 {
			t.Fatalf("the gateway got the message %d times", sends)
		}
	})
}

// SIGINT during send --wait exits 130 and leaves the message sent.
func TestHeadlessSendWaitInterrupted(t *testing.T) {
	const token = "sigint-token"
	sim, url := startSim(t, token, 100*time.Millisecond)
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), execLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "send", "--url", url, "--token", token, "--wait", "a long answer please")
	cmd.Env = e.environ()
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(waitDeadline)
	for !strings.Contains(stderr.String(), "✓ sent") {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("iris send never sent; stderr:\n%s", stderr.String())
		}
		time.Sleep(pollEvery)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := waitCmd(cmd, waitDeadline)
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130; stderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted; the message m_") {
		t.Fatalf("stderr:\n%s", stderr.String())
	}
	got := false
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.MessageSend); ok && p.Text == "a long answer please" {
			got = true
		}
	}
	if !got {
		t.Fatal("the message was not sent")
	}
}
