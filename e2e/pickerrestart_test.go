package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/internal/simtest"
)

// TestPendingApprovalOutlivesARestartOfIris: Iris is killed (kill -9)
// while the agent waits for its approval. The gateway delivers a picker
// once and the sync after the restart starts past it, yet started again
// on the same profile Iris shows the approval waiting (as a card), and
// the user answers it.
func TestPendingApprovalOutlivesARestartOfIris(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "restart-token"
		sim, url := startSimIn(t, d, token, 5*time.Millisecond)
		e := newEnv(t)
		e.height = 70
		args := []string{"--url", url, "--token", token}
		first := e.start(args...)
		first.waitShows("● online", "Channels")
		first.typeLine("please rm -rf ./cache")
		first.waitShows("rm -rf ./cache", "waiting for your answer")
		published := filepath.Join(e.dataDir(), pickerfile.TUIFile)
		first.waitFor("the approval published", func(string) bool {
			b, _ := os.ReadFile(published)
			return strings.Contains(string(b), "rm -rf ./cache")
		})
		first.kill()

		second := e.start(args...)
		second.waitShows("● online")
		second.openWaiting("Approve command?", "rm -rf ./cache", armed)
		second.answer(sim, "deny", "4")
		second.waitShows("◆ denied: rm -rf ./cache", "Anything else you want me to look at?")
	})
}
