package e2e

import (
	"strings"
	"syscall"
	"testing"
)

// Text typed in the open lane and never sent is still in the composer after
// SIGTERM or SIGHUP (the terminal window closed) and a restart: both end
// Iris like a clean quit.
func TestDraftSurvivesTerminalClose(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			const token = "draft-token"
			_, url := startSim(t, token, 0)
			e := newEnv(t)
			r := e.start("--url", url, "--token", token)
			r.waitShows("● online", "Any failing tests? (#30)")
			r.typeText("draft in default")
			r.waitShows("draft in default")
			r.signal(sig)
			if dead, status := r.pane(); !dead || status != 0 {
				t.Fatalf("after %v: exit status %d, want a clean quit (0)", sig, status)
			}

			again := e.start("--url", url, "--token", token)
			screen := again.waitShows("● online", "draft in default")
			if n := strings.Count(screen, "draft in default"); n != 1 {
				t.Fatalf("the draft shows %d times:\n%s", n, screen)
			}
			again.keys("C-c") // clears the composer
			again.waitFor("an empty composer", func(s string) bool { return !strings.Contains(s, "draft in default") })
			again.quit()
		})
	}
}
