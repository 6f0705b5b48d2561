package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// startHabits runs the binary online against the seeded simulator with
// extra environment and tmux options (appended to the private server's
// configuration before it starts).
func startHabits(t *testing.T, env []string, tmuxOpts ...string) (*env, *run) {
	t.Helper()
	const token = "habits-token"
	_, url := startSim(t, token, 0)
	e := newEnv(t)
	if len(tmuxOpts) > 0 {
		f, err := os.OpenFile(e.tmuxCfg, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.WriteString(strings.Join(tmuxOpts, "\n") + "\n")
		if cerr := f.Close(); err != nil || cerr != nil {
			t.Fatal(err, cerr)
		}
	}
	e.extra = env
	e.height = 50
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online", "Any failing tests? (#30)")
	return e, r
}

// waitBuffer polls tmux's newest paste buffer until it is want.
func waitBuffer(t *testing.T, e *env, r *run, want string) {
	t.Helper()
	var got string
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if strings.Contains(e.tmux("list-buffers", "-F", "#{buffer_name}"), "buffer") {
			if got = e.tmux("show-buffer"); got == want {
				return
			}
		}
	}
	t.Fatalf("tmux buffer %q, want %q; screen:\n%s", got, want, r.screen())
}

// TestCopyReachesTheClipboardThroughTmux: Alt+Y and y/c in the transcript
// write OSC 52, which tmux (set-clipboard on) takes into its paste buffer.
func TestCopyReachesTheClipboardThroughTmux(t *testing.T) {
	e, r := startHabits(t, nil, "set -g set-clipboard on")
	r.keys("M-y")
	const last = "No. `go test ./...` passed: 12 packages, 0 failures."
	waitBuffer(t, e, r, last)
	r.waitShows("copied the last reply (52 B)")

	r.keys("Tab")
	r.waitShows("TRANSCRIPT")
	for range 9 { // newest first: reply #30, question #30 … reply #26
		r.keys("Up")
	}
	r.keys("y")
	waitBuffer(t, e, r, "Use `ss -tlnp`:\n\n```sh\nss -tlnp | head\n```\n\nIt shows **listening** TCP sockets with their processes.")
	r.keys("c")
	waitBuffer(t, e, r, "ss -tlnp | head")
	r.waitShows("copied the code block (15 B)")
	r.keys("i") // back to the composer (Esc then Ctrl+C would arrive as one alt+ctrl+c)
	r.quit()
}

// TestComposeInEditor: Ctrl+E opens the draft in $EDITOR (a script that
// appends a line); the text comes back unsent, Enter sends it. An editor
// exiting non-zero leaves the draft as it was.
func TestComposeInEditor(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "editor.sh")
	body := "#!/bin/sh\nif grep -q fail \"$1\"; then echo garbage > \"$1\"; exit 3; fi\nprintf '\\nsecond line from the editor\\n' >> \"$1\"\n"
	if err := os.WriteFile(script, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	const token = "editor-token"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	e.extra = []string{"VISUAL=", "EDITOR=" + script}
	e.height = 50
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online")

	r.typeText("please fail")
	r.keys("C-e")
	r.waitShows("exit status 3; the draft is unchanged", "please fail")

	r.keys("C-c") // clears the draft
	r.typeText("first line")
	r.keys("C-e")
	r.waitShows("draft edited: enter sends it", "first line", "second line from the editor")
	r.keys("Enter")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeMessageSend })
	if got := f.Payload.(*frame.MessageSend).Text; got != "first line\nsecond line from the editor" {
		t.Fatalf("sent %q", got)
	}
	r.quit()
}

// TestViewInPager: v on a selected message and /view for the lane hand
// plain, sanitised text to $PAGER (a script that saves what it was given).
func TestViewInPager(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "pager.sh")
	saved := filepath.Join(dir, "saved")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ncat \"$1\" >> "+saved+"\necho '<<end>>' >> "+saved+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, r := startHabits(t, []string{"PAGER=" + script})
	r.keys("Tab")
	r.waitShows("TRANSCRIPT")
	r.keys("Up", "v")
	waitFile(t, r, saved, "── Assistant · ", "No. `go test ./...` passed: 12 packages, 0 failures.\n<<end>>")
	r.waitShows("TRANSCRIPT") // Iris is back
	r.keys("i")
	r.waitShows("Message…")
	r.typeLine("/view")
	got := waitFile(t, r, saved, "# Default\n\n", "── You · ", "Any failing tests? (#30)\n")
	if strings.Contains(got, "\x1b") {
		t.Fatalf("the pager got an escape sequence:\n%q", got)
	}
	r.waitShows("● online")
	r.quit()
}

// waitFile polls path until it holds every one of subs and returns it.
func waitFile(t *testing.T, r *run, path string, subs ...string) string {
	t.Helper()
	var got []byte
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if got, _ = os.ReadFile(path); containsAll(string(got), subs...) {
			return string(got)
		}
	}
	t.Fatalf("%s holds %q, want %q; screen:\n%s", path, got, subs, r.screen())
	return ""
}
