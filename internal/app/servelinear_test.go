package app

import (
	"strings"
	"testing"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

// A session that asks for the linear mode (IRIS_LINEAR=1, or TERM=dumb)
// gets plain lines over SSH: no escape sequence, the conversation as
// lines, /quit ends the session; another session of the same server
// still gets the TUI.
func TestServeSSHLinearSessionPerSession(t *testing.T) {
	for _, env := range []map[string]string{{"IRIS_LINEAR": "1"}, {"TERM": "dumb"}} {
		signer, line := sshtest.NewKey(t, "alice@ipad")
		s := startServe(t, []string{line})
		tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, env)
		tm.Out.WaitFor(t, "Online.", "You are in Default.")
		tm.Type("hello over ssh\r")
		tm.Out.WaitFor(t, "You: hello over ssh", "Assistant finished.")
		if raw := tm.Out.Raw(); strings.ContainsRune(raw, 0x1b) {
			t.Fatalf("%v: an escape sequence reached the session:\n%q", env, raw)
		}
		tui := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, nil)
		tui.Out.WaitFor(t, "● online", seeded)
		tm.Type("/quit\r")
		tm.WaitDone(t)
	}
}
