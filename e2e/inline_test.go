package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// history is the pane's scrollback only (the rows above the screen), with
// wrapped lines joined.
func (r *run) history() string {
	r.e.t.Helper()
	return r.e.tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-1", "-t", r.name)
}

// --inline keeps the terminal's own screen: each finished
// message is printed into the pane's scrollback, where tmux copy-mode and
// search find it, and only the live part is redrawn. A second message and
// its reply append below the first.
func TestInlinePrintsFinishedMessagesIntoScrollback(t *testing.T) {
	const token = "inline-token"
	_, url := startSim(t, token, 5*time.Millisecond)
	e := newEnv(t)
	r := e.start("--inline", "--url", url, "--token", token)
	r.waitShows("● online")
	if alt := strings.TrimSpace(e.tmux("display-message", "-p", "-t", r.name, "#{alternate_on}")); alt != "0" {
		t.Fatalf("--inline is in the alternate screen (alternate_on %q)", alt)
	}
	waitOutput := func(what string, ok func(string) bool) string {
		t.Helper()
		var out string
		for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
			if out = r.output(); ok(out) {
				return out
			}
		}
		t.Fatalf("timed out waiting for %s; pane and scrollback:\n%s", what, out)
		return ""
	}
	waitOutput("the seeded history", func(s string) bool { return strings.Contains(s, "Any failing tests? (#30)") })

	r.typeLine("first inline question")
	waitOutput("the first reply, finished", func(s string) bool {
		return strings.Count(s, "Anything else you want me to look at?") == 1 && strings.Contains(s, "Re: first inline question")
	})
	r.typeLine("second inline question")
	out := waitOutput("the second reply, finished", func(s string) bool {
		return strings.Count(s, "Anything else you want me to look at?") == 2 && strings.Contains(s, "Re: second inline question")
	})
	order := []string{"Any failing tests? (#30)", "first inline question", "Re: first inline question",
		"second inline question", "Re: second inline question"}
	at := 0
	for _, s := range order {
		i := strings.Index(out[at:], s)
		if i < 0 {
			t.Fatalf("%q is not below the messages before it:\n%s", s, out)
		}
		at += i + len(s)
	}
	// Nothing printed is lost or drawn over: every seeded message of the
	// loaded page, from the oldest printed on, is there in order.
	first := strings.Index(out, "(#")
	var seq int
	if first < 0 || !scanSeed(out[first:], &seq) {
		t.Fatalf("no seeded message printed:\n%s", out)
	}
	for n, at := seq, first; n <= 30; n++ {
		i := strings.Index(out[at:], fmt.Sprintf("(#%d)", n))
		if i < 0 {
			t.Fatalf("seeded message #%d is missing from the scrollback:\n%s", n, out)
		}
		at += i
	}
	if n := strings.Count(out, "Re: first inline question"); n != 1 {
		t.Fatalf("the first reply was printed %d times:\n%s", n, out)
	}
	hist := r.history()
	for _, s := range []string{"Any failing tests? (#30)", "first inline question", "Re: first inline question"} {
		if !strings.Contains(hist, s) {
			t.Fatalf("%q is not in the pane's scrollback:\n%s", s, hist)
		}
	}
	if strings.Contains(r.screen(), "Any failing tests? (#30)") {
		t.Fatalf("the managed area still shows printed history:\n%s", r.screen())
	}
	r.quit()
}

// scanSeed reads the number of a seeded message's "(#N)" at the start of s.
func scanSeed(s string, n *int) bool {
	_, err := fmt.Sscanf(s, "(#%d)", n)
	return err == nil
}

// An approval answered in --inline mode goes to the scrollback with its
// outcome, not "answering…"; once the reply is printed the composer and
// the status bar sit on the terminal's last rows, with no blank rows left
// under them by the closed dialog.
func TestInlinePrintsThePickerOutcomeAndKeepsTheComposerAtTheBottom(t *testing.T) {
	const token = "inline-token"
	_, url := startSim(t, token, 5*time.Millisecond)
	e := newEnv(t)
	r := e.start("--inline", "--url", url, "--token", token)
	r.waitShows("● online")
	r.typeLine("please rm -rf ./out")
	r.waitShows("Approve command?", "rm -rf ./out", "then enter, to answer")
	r.keys("1")
	var out string
	for deadline := time.Now().Add(waitDeadline); ; time.Sleep(pollEvery) {
		out = r.output()
		if strings.Contains(out, "◆ approved once: rm -rf ./out") && strings.Contains(out, "Re: please rm -rf ./out") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the outcome and the reply were not printed; pane and scrollback:\n%s", out)
		}
	}
	if strings.Contains(out, "answering…") {
		t.Fatalf("the scrollback keeps the pending record:\n%s", out)
	}
	r.waitFor("the status bar on the last row", func(s string) bool {
		lines := strings.Split(s, "\n")
		return len(lines) >= rows && strings.Contains(lines[rows-1], "● online") && strings.Contains(lines[rows-4], "╭")
	})
	r.quit()
}
