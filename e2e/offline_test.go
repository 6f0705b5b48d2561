package e2e

import (
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// With the gateway down, a second start paints the channels and messages the
// first one cached, and the status bar says the app is not connected.
func TestOfflineStartShowsCache(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "offline-token"
		sim, url := startSimIn(t, d, token, 0)
		e := newEnv(t)

		e.connectOnce("--url", url, "--token", token)
		closeSim(t, sim)

		second := e.start("--url", url, "--token", token)
		second.waitShows("Ops", "Research", "Deploy checklist", "Any failing tests? (#30)", "12 packages, 0 failures")
		bar := second.waitFor("an offline status in the status bar", func(s string) bool {
			return strings.Contains(statusBar(s), "↻ reconnecting") || strings.Contains(statusBar(s), "○ offline")
		})
		if strings.Contains(statusBar(bar), "● online") {
			t.Fatalf("claims to be online with the gateway down:\n%s", bar)
		}
		second.quit()
	})
}
