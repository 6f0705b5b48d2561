package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// The TUI and the headless commands of one profile on one simulator, each
// a device of its own, with the real binary (issue 14).

// tuiOnline starts a simulator taking token and the TUI ("laptop") online
// on it; it returns the env, the TUI's run and the simulator's URL.
func tuiOnline(t *testing.T, token string) (*env, *run, string) {
	t.Helper()
	e, r, _, url := tuiOnlineOn(t, gatewaysim.DialectRich, token)
	return e, r, url
}

// tuiOnlineIn is tuiOnline against a simulator of dialect d.
func tuiOnlineIn(t *testing.T, d gatewaysim.Dialect, token string) (*env, *run, string) {
	t.Helper()
	e, r, _, url := tuiOnlineOn(t, d, token)
	return e, r, url
}

// tuiOnlineOn is tuiOnlineIn that also returns the simulator.
func tuiOnlineOn(t *testing.T, d gatewaysim.Dialect, token string) (*env, *run, *gatewaysim.Server, string) {
	t.Helper()
	sim, url := startSimIn(t, d, token, 5*time.Millisecond)
	e := newEnv(t)
	r := e.start("--url", url, "--token", token, "--device-name", "laptop")
	r.waitShows("● online", "Channels")
	return e, r, sim, url
}

// waitSyncs waits until the simulator has received n sync requests: a
// process started after the TUI is then connected and sees what follows
// live (a new device syncs from the gateway's cursor, so a picker raised
// before its first sync would reach it only through the pickers file).
func waitSyncs(t *testing.T, sim *gatewaysim.Server, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), execLimit)
	defer cancel()
	seen := 0
	if _, err := sim.WaitReceived(ctx, func(f frame.Frame) bool {
		if f.Type == "sync" {
			seen++
		}
		return seen >= n
	}); err != nil {
		t.Fatalf("waiting for %d sync requests: %v", n, err)
	}
}

// dismissNews waits for the record or, when the picker's dialog was open
// as the answer came from elsewhere, the dialog's news (it stays up until
// Esc), and dismisses the news.
func (r *run) dismissNews(record string) {
	r.e.t.Helper()
	r.waitFor("the record or the dialog's news", func(s string) bool {
		return strings.Contains(s, "no longer waiting") || strings.Contains(s, record)
	})
	if strings.Contains(r.screen(), "no longer waiting") {
		r.keys("Escape")
	}
}

// TestApproverAnswerShowsInTheTUIWithPolicyAndRule: `iris approve` answers
// the TUI's approval by rule; the TUI's record names the policy, the rule
// and the headless device (the gateway's picker.answered).
func TestApproverAnswerShowsInTheTUIWithPolicyAndRule(t *testing.T) {
	const token = "approver-token"
	e, r, sim, url := tuiOnlineOn(t, gatewaysim.DialectRich, token)

	policy := filepath.Join(e.root, "ci.toml")
	if err := os.WriteFile(policy, []byte("[[rule]]\nname = \"cache\"\ntype = \"approval\"\ncommand = [\"rm\", \"**\", \"*cache\"]\nanswer = \"once\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), execLimit)
	defer cancel()
	ap := exec.CommandContext(ctx, binary, "approve", "--url", url, "--token", token, "--device-name", "buildhost", "--policy", policy)
	ap.Env = e.environ()
	var stdout, stderr lockedBuffer
	ap.Stdout, ap.Stderr = &stdout, &stderr
	if err := ap.Start(); err != nil {
		t.Fatal(err)
	}
	waitSyncs(t, sim, 2)
	r.typeLine("please rm the cache")
	r.dismissNews("approved once: rm the cache")
	r.waitShows("approved once: rm the cache", "reported by the gateway as", "policy ci.toml, rule cache", "buildhost (headless)", "approved: once")
	if s := r.screen(); strings.Contains(s, "answered on another device") {
		t.Fatalf("the record does not name the policy:\n%s", s)
	}
	if err := ap.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := waitCmd(ap, waitDeadline); err != nil {
		t.Fatalf("iris approve: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "approve: answered 1 (1 once)") {
		t.Fatalf("summary:\n%s", stderr.String())
	}
	r.quit()
}

// TestHeadlessAnswersAPickerTheTUIShared: a picker raised while only the
// TUI ran is listed by the first headless command ever run on the profile
// and answered with iris answer; the TUI's record names that device.
func TestHeadlessAnswersAPickerTheTUIShared(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "shared-token"
		e, r, url := tuiOnlineIn(t, d, token)
		r.typeLine("please rm the cache")
		r.waitFor("the approval", func(s string) bool {
			return strings.Contains(s, "waiting · alt+p to answer") || strings.Contains(s, "rm the cache")
		})
		var list string
		deadline := time.Now().Add(waitDeadline)
		for !strings.Contains(list, "pa_1") { // the TUI publishes it in a background command
			if time.Now().After(deadline) {
				t.Fatalf("iris pickers never listed the TUI's picker:\n%s", list)
			}
			_, list = e.exec("pickers", "--url", url, "--token", token)
			time.Sleep(pollEvery)
		}
		if code, out := e.exec("answer", "--url", url, "--token", token, "--device-name", "cron", "pa_1", "once"); code != 0 {
			t.Fatalf("iris answer exited %d:\n%s", code, out)
		}
		r.dismissNews("approved once: rm the cache ·")
		r.waitShows("approved once: rm the cache ·", "cron (headless)", "approved: once")
		r.quit()
	})
}
