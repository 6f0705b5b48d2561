package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A message far over the size cap shows its first part and how much more
// there is; o in the transcript opens the whole text in $PAGER.
func TestBigMessageCutAndOpenedInPager(t *testing.T) {
	const token = "big-token"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	out := filepath.Join(e.root, "paged")
	if err := os.Mkdir(out, 0o700); err != nil {
		t.Fatal(err)
	}
	e.extra = []string{"PAGER=cp -t " + out} // the "pager" copies what it was given
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online")

	big := strings.Repeat("runaway tool output line\n", (3<<20)/25) + "THE END"
	sim.PostCron("", big)
	r.waitShows("2.9 MiB more: press o in the transcript to open it in $PAGER")
	r.keys("Tab")
	r.waitShows("TRANSCRIPT")
	r.keys("o")
	var got []byte
	for deadline := time.Now().Add(waitDeadline); ; time.Sleep(pollEvery) {
		files, _ := filepath.Glob(filepath.Join(out, "*.txt"))
		if len(files) == 1 {
			if got, _ = os.ReadFile(files[0]); string(got) == big {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pager never got the whole text (%d of %d bytes); screen:\n%s", len(got), len(big), r.screen())
		}
	}
	r.waitShows("TRANSCRIPT") // Iris is back
	r.quit()
}
