package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// waitPrinted polls the pane's output (wrapped lines joined) until it
// holds every one of subs.
func (r *run) waitPrinted(subs ...string) string {
	r.e.t.Helper()
	var out string
	for deadline := r.e.deadlineIn(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if out = r.output(); containsAll(out, subs...) {
			return out
		}
	}
	r.e.t.Fatalf("%s: timed out waiting for %q; output:\n%s", r.name, subs, out)
	return ""
}

// Two `iris tail --json` processes of one profile share the headless
// device's one connection: the first holds it, the second attaches. The
// holder is killed (SIGKILL: its socket stays behind, its lock goes with
// it); the other replaces the stale socket and connects, a message sent
// afterwards reaches it once, and `iris pickers` of the profile attaches
// to it. The gateway saw the device connect twice and never twice at
// once.
func TestTailsOfAProfileOutliveTheHoldersCrash(t *testing.T) {
	const token = "share-token"
	sim, url := startSimIn(t, gatewaysim.DialectRich, token, 5*time.Millisecond)
	e := newEnv(t)
	e.extra = append(e.extra, "XDG_RUNTIME_DIR="+t.TempDir())
	first := e.start("tail", "--json", "--url", url, "--token", token)
	waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeSync })
	first.waitPrinted(`"event":"cursor"`)
	second := e.start("tail", "--json", "--url", url, "--token", token)
	second.waitPrinted(`"event":"cursor"`)

	other := newEnv(t) // a profile of its own: another device
	if code, out := other.exec("send", "--url", url, "--token", token, "hello before"); code != 0 {
		t.Fatalf("iris send exited %d:\n%s", code, out)
	}
	for _, r := range []*run{first, second} {
		r.waitPrinted(`"text":"hello before"`, "Anything else you want me to look at?")
	}

	first.kill()
	if code, out := other.exec("send", "--url", url, "--token", token, "hello after"); code != 0 {
		t.Fatalf("iris send exited %d:\n%s", code, out)
	}
	out := second.waitPrinted(`"text":"hello after"`)
	if n := strings.Count(out, `"text":"hello before"`); n != 1 {
		t.Fatalf("the second tail printed the first message %d times:\n%s", n, out)
	}
	out = second.waitPrinted(`"text":"hello after"`, `"role":"assistant"`)
	if code, listed := e.exec("pickers", "--url", url, "--token", token); code != 0 || !strings.Contains(listed, "no picker is waiting") {
		t.Fatalf("iris pickers beside the tail exited %d:\n%s", code, listed)
	}
	if n := strings.Count(second.output(), `"text":"hello after"`); n != 1 {
		t.Fatalf("the second tail printed the second message %d times:\n%s", n, out)
	}

	ids, _ := filepath.Glob(filepath.Join(e.xdg["XDG_DATA_HOME"], "iris", "*", "headless_device_id"))
	if len(ids) != 1 {
		t.Fatalf("want one headless device id, found %v", ids)
	}
	id, err := os.ReadFile(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	// One connection per holder. The killed holder's socket is closed by
	// the kernel, and the simulator may read the successor's hello before
	// that close: then the new connection takes the dead one's place once.
	// A second process dialling beside a live holder would make it more.
	if hellos, superseded := sim.DeviceConnections(strings.TrimSpace(string(id))); hellos != 2 || superseded > 1 {
		t.Fatalf("the simulator saw %d connections of the headless device, %d taking another's place; want 2, at most 1 (the killed holder's)", hellos, superseded)
	}
}
