package e2e

import (
	"strings"
	"syscall"
	"testing"
)

// Text typed in the open lane and never sent is still in the composer after
// SIGTERM (the terminal window closed) and a restart.
func TestDraftSurvivesSIGTERM(t *testing.T) {
	const token = "draft-token"
	_, url := startSim(t, token, 0)
	e := newEnv(t)
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online", "Any failing tests? (#30)")
	r.typeText("draft in default")
	r.waitShows("draft in default")
	r.signal(syscall.SIGTERM)

	again := e.start("--url", url, "--token", token)
	screen := again.waitShows("● online", "draft in default")
	if n := strings.Count(screen, "draft in default"); n != 1 {
		t.Fatalf("the draft shows %d times:\n%s", n, screen)
	}
	again.keys("C-c") // clears the composer
	again.waitFor("an empty composer", func(s string) bool { return !strings.Contains(s, "draft in default") })
	again.quit()
}
