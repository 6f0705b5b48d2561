package e2e

import (
	"context"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// simProcess runs `iris gateway-sim` on addr as a process of its own, so
// that the test can kill it like an operator's kill -9 (no status frame,
// no close frame).
func simProcess(t *testing.T, addr, token string) *exec.Cmd {
	t.Helper()
	cmd := bounded(exec.CommandContext(context.Background(), binary, "gateway-sim", "--listen", addr, "--token", token, "--stream-interval", "250ms"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = waitCmd(cmd, execLimit) })
	deadline := time.Now().Add(waitDeadline)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return cmd
		}
		if time.Now().After(deadline) {
			t.Fatalf("gateway-sim never listened on %s: %v", addr, err)
		}
		time.Sleep(pollEvery)
	}
}

// freeAddr is a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestGatewayKillMidReplyTellsEveryDevice: two TUIs follow a reply as it
// streams; the simulator is killed (kill -9) and started again with no
// memory of the turn. At once both screens say the connection is lost
// (no streaming cursor, no "thinking"); after the restart both mark the
// reply interrupted.
func TestGatewayKillMidReplyTellsEveryDevice(t *testing.T) {
	const token = "kill-token"
	addr := freeAddr(t)
	sim := simProcess(t, addr, token)
	url := "ws://" + addr
	var tuis []*run
	for _, name := range []string{"A", "B"} {
		r := newEnv(t).start("--url", url, "--token", token, "--device-name", "device "+name)
		r.waitShows("● online", "Channels")
		tuis = append(tuis, r)
	}
	tuis[0].typeLine("summarise the repository")
	for _, r := range tuis {
		r.waitShows("Here is what I found")
	}
	if err := sim.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = waitCmd(sim, execLimit)
	for _, r := range tuis {
		s := r.waitShows("⚠ connection lost")
		if strings.Contains(s, "▍") || strings.Contains(s, "thinking") {
			t.Fatalf("the cut-off reply still streams on screen:\n%s", s)
		}
	}
	simProcess(t, addr, token)
	for _, r := range tuis {
		r.waitShows("● online", "⚠ interrupted")
	}
	for _, r := range tuis {
		r.quit()
	}
}
