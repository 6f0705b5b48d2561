package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// A second Iris on a profile that is open says which process holds it and
// what to do, and does not advise moving the data directory away (that
// would lose the first one's queued messages and drafts).
func TestSecondIrisNamesTheProcessHoldingTheStore(t *testing.T) {
	const token = "inuse-token"
	_, url := startSim(t, token, 5*time.Millisecond)
	e := newEnv(t)
	first := e.start("--url", url, "--token", token)
	first.waitShows("● online")

	second := e.start("--url", url, "--token", token)
	code := second.waitExit()
	out := strings.Join(strings.Fields(second.output()), " ") // the pane wraps long lines
	if code != 1 {
		t.Fatalf("the second Iris exited %d:\n%s", code, out)
	}
	for _, want := range []string{"another Iris, process " + strconv.Itoa(first.pid()) + ",", `has profile "default" open`, "quit that Iris first", "--profile NAME"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "moving the directory away starts fresh") {
		t.Errorf("the advice still says to move the directory away:\n%s", out)
	}
	first.quit()
}
