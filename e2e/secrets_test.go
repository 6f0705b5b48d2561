package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secretToken is a token distinctive enough that any copy of it is found.
const secretToken = "tok_E2E_never_log_7f3a9c41d2"

// The token reaches neither the log (with --debug, with and without
// --debug-content) nor any other file Iris writes, nor the screen. Message
// text is in the frame log only with --debug-content.
func TestTokenNeverLoggedNorShown(t *testing.T) {
	sim, url := startSim(t, secretToken, 0)
	for _, tc := range []struct {
		flags       []string
		text        string
		wantContent bool
	}{
		{[]string{"--debug"}, "redacted words 5521", false},
		{[]string{"--debug", "--debug-content"}, "visible words 7734", true},
	} {
		t.Run(strings.Join(tc.flags, " "), func(t *testing.T) {
			e := newEnv(t)
			r := e.start(append([]string{"--url", url, "--token", secretToken}, tc.flags...)...)
			screens := []string{r.waitShows("● online")}
			r.typeLine(tc.text)
			waitSends(t, sim, tc.text)
			screens = append(screens, r.waitShows("Re: "+tc.text, "Anything else you want me to look at?"))
			r.quit()
			screens = append(screens, r.output()) // what was printed after the TUI closed
			for _, s := range screens {
				if strings.Contains(s, secretToken) {
					t.Fatalf("the token is on screen:\n%s", s)
				}
			}

			files := e.files()
			for path, data := range files {
				if strings.Contains(string(data), secretToken) {
					t.Fatalf("the token is in %s", path)
				}
			}
			log := string(files[filepath.Join(e.xdg["XDG_STATE_HOME"], "iris", "iris.log")])
			if !containsAll(log, "type=hello ", "[redacted]", "type=message.send ") {
				t.Fatalf("the frame log lacks the redacted hello or the message.send:\n%s", log)
			}
			if got := strings.Contains(log, tc.text); got != tc.wantContent {
				t.Fatalf("message text in the log: %v, want %v:\n%s", got, tc.wantContent, log)
			}
		})
	}
}

// files reads every file under the XDG directories.
func (e *env) files() map[string][]byte {
	e.t.Helper()
	out := map[string][]byte{}
	for _, dir := range e.xdg {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			out[path] = data
			return err
		})
		if err != nil {
			e.t.Fatal(err)
		}
	}
	return out
}
