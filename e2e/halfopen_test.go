package e2e

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// TestHalfOpenConnectionShowsTheSilence: the real binary, on a connection
// the gateway stops answering without closing it, leaves "● online" for
// "no answer from the gateway for N s" once a keepalive ping (every 15 s)
// goes 5 s unanswered, counts up, and is online again when the gateway
// talks, without reconnecting.
func TestHalfOpenConnectionShowsTheSilence(t *testing.T) {
	const token = "halfopen-token"
	sim, url := startSim(t, token, time.Millisecond)
	e := newEnv(t)
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online", "Any failing tests? (#30)")
	hellos := len(sim.Received())
	sim.SetSilent(true)
	silent := regexp.MustCompile(`◌ no answer from the gateway for (\d+) s`)
	seen := func(s string) int {
		m := silent.FindStringSubmatch(statusBar(s))
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	first := seen(r.waitFor("the silence in the status bar", func(s string) bool { return seen(s) > 0 }))
	r.waitFor("the silence counting", func(s string) bool { return seen(s) >= first+2 })
	sim.SetSilent(false)
	r.waitFor("online again", func(s string) bool { return containsAll(statusBar(s), "● online") })
	for _, f := range sim.Received()[hellos:] {
		if f.Type == frame.TypeHello {
			t.Fatal("Iris reconnected instead of waiting for the silent gateway")
		}
	}
	r.quit()
}
