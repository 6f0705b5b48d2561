package e2e

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// `iris tail` follows the default channel while `iris send` (another
// device) posts: it prints the message and the agent's finished reply once
// each, in both simulator dialects.
func TestTailPrintsWhatAnotherDeviceSendsAndTheReply(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "tail-token"
		sim, url := startSimIn(t, d, token, 5*time.Millisecond)
		e := newEnv(t)
		e.height = 60
		tl := e.start("tail", "--url", url, "--token", token)
		waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeSync })

		other := newEnv(t) // a profile of its own: another device
		if code, out := other.exec("send", "--url", url, "--token", token, "hello from the other device"); code != 0 {
			t.Fatalf("iris send exited %d:\n%s", code, out)
		}
		screen := tl.waitShows("[Default] user:", "hello from the other device", "[Default] assistant:", "Anything else you want me to look at?")
		if n := strings.Count(screen, "[Default] assistant:"); n != 1 {
			t.Fatalf("the reply printed %d times:\n%s", n, screen)
		}
		tl.signal(syscall.SIGTERM)
	})
}
