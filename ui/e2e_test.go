package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
)

// e2eDeadline bounds each wait for the screen.
const e2eDeadline = 60 * time.Second

// TestEndToEndInTmux builds the real iris binary, runs it in tmux against
// the simulator, sends a message and asserts on the captured screen: the
// streamed reply, its reasoning above it and the tool card appear, and no
// unrendered markdown is left.
func TestEndToEndInTmux(t *testing.T) {
	tm, _ := startIris(t)
	tm.run("send-keys", "-t", "iris", "-l", "please check the workspace")
	tm.run("send-keys", "-t", "iris", "Enter")

	screen := tm.waitFor("the final reply with its reasoning and tool card", func(s string) bool {
		return strings.Contains(s, "Anything else you want me to look at?") && strings.Contains(s, "The user wrote") &&
			strings.Contains(s, "git status --short") && !strings.Contains(s, "working")
	})
	reasoning := strings.Index(screen, "The user wrote")
	reply := strings.Index(screen, "Here is what I found")
	if reasoning < 0 || reply < 0 || reasoning > reply {
		t.Fatalf("reasoning must appear above the reply:\n%s", screen)
	}
	for _, card := range []string{"✓ terminal", "0.4s"} {
		if !strings.Contains(screen, card) {
			t.Fatalf("tool card lacks %q:\n%s", card, screen)
		}
	}
	for _, raw := range []string{"```", "**"} {
		if strings.Contains(screen, raw) {
			t.Fatalf("unrendered markdown %q on screen:\n%s", raw, screen)
		}
	}
	if !strings.Contains(screen, "please check the workspace") || !strings.Contains(screen, "✓✓") {
		t.Fatalf("the sent message with its read ticks is missing:\n%s", screen)
	}
}

// irisBinary builds the binary into dir (the build cache makes every build
// after the first a link).
func irisBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "iris")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".." // the module root, where main.go lives
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startIris runs the built binary in a 120×70 tmux pane against a seeded
// simulator and waits until it is online.
func startIris(t *testing.T) (*tmux, *gatewaysim.Server) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is required for the end-to-end test (apt-get install tmux)")
	}
	tmp := t.TempDir()
	bin := irisBinary(t, tmp)
	sim := gatewaysim.New(gatewaysim.Config{Token: "e2e-token", StreamInterval: 5 * time.Millisecond, Seed: true})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })

	tm := newTmux(t, tmp)
	env := []string{"TERM=xterm-256color"}
	for _, d := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		dir := filepath.Join(tmp, strings.ToLower(d))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		env = append(env, d+"="+dir)
	}
	tm.run("new-session", "-d", "-s", "iris", "-x", "120", "-y", "70",
		"env "+strings.Join(env, " ")+" "+bin+" --url "+url+" --token e2e-token")

	tm.waitFor("the app connected", func(s string) bool { return strings.Contains(s, "online") && strings.Contains(s, "Channels") })
	return tm, sim
}

// tmux drives one private tmux server.
type tmux struct {
	t      *testing.T
	socket string
}

func newTmux(t *testing.T, dir string) *tmux {
	tm := &tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// waitFor polls the pane until ok holds, or fails with the last screen.
func (tm *tmux) waitFor(what string, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(e2eDeadline)
	var screen string
	for time.Now().Before(deadline) {
		screen = tm.run("capture-pane", "-p", "-t", "iris")
		if ok(screen) {
			return screen
		}
		time.Sleep(100 * time.Millisecond) // polling interval, not synchronisation
	}
	tm.t.Fatalf("timed out waiting for %s; screen:\n%s", what, screen)
	return ""
}
