package e2e

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/wsclient"
)

// The linear mode (iris --linear) for screen readers: the real binary in
// tmux against the simulator, with every byte it writes recorded
// (tmux pipe-pane). Its output must hold no escape sequence at all (no
// cursor movement, no erase, no alternate screen, no colour), the
// conversation must read as plain lines, and a picker must be answered
// only by a line typed after its announcement.

const linearToken = "linear-token"

// startRecorded runs the binary with args in a new tmux session whose
// raw output is recorded in a file from its first byte: the pane starts
// with a placeholder, the recording is switched on, then the binary
// replaces the placeholder.
func (e *env) startRecorded(args ...string) (*run, string) {
	e.t.Helper()
	e.runs++
	name := "run" + strconv.Itoa(e.runs)
	raw := filepath.Join(e.root, name+".raw")
	e.tmux("new-session", "-d", "-s", name, "-x", strconv.Itoa(cols), "-y", strconv.Itoa(e.paneRows()), "cat")
	e.tmux("pipe-pane", "-o", "-t", name, "cat >> "+shellQuote(raw))
	e.tmux("respawn-pane", "-k", "-t", name, e.commandLine(args...))
	return &run{e: e, name: name}, raw
}

// startLinear starts iris --linear against a seeded simulator and waits
// until it is online in the default channel.
func startLinear(t *testing.T) (*run, string, *gatewaysim.Server, string) {
	t.Helper()
	sim, url := startSim(t, linearToken, 5*time.Millisecond)
	e := newEnv(t)
	e.extra = []string{"IRIS_TOKEN=" + linearToken}
	r, raw := e.startRecorded("--linear", "--url", url, "--device-name", "laptop")
	r.waitShows("Online.", "You are in Default.")
	return r, raw, sim, url
}

// quitLinear types /quit and expects a clean exit.
func (r *run) quitLinear() {
	r.e.t.Helper()
	r.typeLine("/quit")
	if code := r.waitExit(); code != 0 {
		r.e.t.Fatalf("iris --linear exited with %d; screen:\n%s", code, r.screen())
	}
}

// requirePlain fails when the recorded output holds an escape sequence
// (ESC, or the 8-bit CSI) or any control character but newline, carriage
// return, backspace and the bell.
func requirePlain(t *testing.T, raw string) {
	t.Helper()
	data, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 {
		t.Fatal("nothing was recorded")
	}
	for i, r := range string(data) {
		switch {
		case r == utf8.RuneError:
			t.Fatalf("byte %d: invalid UTF-8 in the output", i)
		case r == '\n' || r == '\r' || r == '\b' || r == '\a' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			t.Fatalf("byte %d: control character %U in the output: …%q…", i, r, data[max(i-40, 0):min(i+40, len(data))])
		}
	}
}

// waitCount waits until the screen's scrollback holds sub n times.
func (r *run) waitCount(sub string, n int) {
	r.e.t.Helper()
	for deadline := r.e.deadlineIn(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if strings.Count(r.output(), sub) >= n {
			return
		}
	}
	r.e.t.Fatalf("%s: timed out waiting for %q %d times; output:\n%s", r.name, sub, n, r.output())
}

var (
	runtimeLine = regexp.MustCompile(`(?m)^Runtime: .*$`)
	timeLeftRe  = regexp.MustCompile(`\d+:\d\d left`)
)

// transcript is the run's output as lines, with what varies from run to
// run replaced: the runtime footer's figures, the seconds left. "Sent."
// goes: the gateway's answer to the send and the reply's first frames
// race, so it comes before or after the first lines of the turn (the test
// counts it apart).
func transcript(out string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Pane is dead") || strings.TrimSpace(l) == "Sent." {
			continue
		}
		lines = append(lines, strings.TrimRight(l, " "))
	}
	s := strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n"
	s = runtimeLine.ReplaceAllString(s, "Runtime: (model, context, directory, latency, cost)")
	return timeLeftRe.ReplaceAllString(s, "M:SS left")
}

// A whole conversation, an approval denied on the way, reads as plain
// lines (golden), with no escape sequence in the bytes written.
func TestLinearConversationGolden(t *testing.T) {
	r, raw, sim, _ := startLinear(t)
	r.typeLine("hello")
	r.waitShows("Assistant finished.")
	r.typeLine("please rm -rf ./out")
	r.waitShows("Approval needed in Default", "Type the number, then Enter.")
	r.typeLine("4")
	if sel := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect }).Payload.(*frame.PickerSelect); sel.Value != "deny" {
		t.Fatalf("picker.select %q, want deny", sel.Value)
	}
	r.waitCount("Assistant finished.", 2)
	r.quitLinear()
	requirePlain(t, raw)
	out := r.output()
	if n := strings.Count(out, "\nSent.\n"); n != 2 {
		t.Fatalf("\"Sent.\" said %d times, want once per message:\n%s", n, out)
	}
	golden.RequireEqual(t, []byte(transcript(out)))
}

// A 4 typed before the approval is announced, then Enter, is no answer;
// a 4 typed after it, then Enter, denies it.
func TestLinearApprovalAnsweredByTypingFour(t *testing.T) {
	r, raw, sim, url := startLinear(t)
	r.typeText("4")
	r.waitShows("> 4")
	sendFromThirdDevice(t, url, linearToken, "please rm -rf ./early")
	r.waitShows("Approval needed in Default", "rm -rf ./early (recursive delete)")
	// The lines came above the input line; the draft is there again below.
	if last := statusBar(r.screen()); last != "> 4" {
		t.Fatalf("the input line after the announcement is %q, want the draft \"> 4\"", last)
	}
	r.keys("Enter")
	r.waitShows("Not taken as an answer: you began typing “4” before the question.")
	time.Sleep(humanPause) // the user reads the line; nothing may go out meanwhile
	noPickerSelect(t, sim)

	r.typeLine("4")
	sel := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect }).Payload.(*frame.PickerSelect)
	if sel.Value != "deny" || sel.By == nil || sel.By.DeviceName != "laptop" {
		t.Fatalf("picker.select %+v, want deny by laptop", sel)
	}
	r.waitShows("Answered: denied: rm -rf ./early", "I did not run rm -rf ./early: you denied it.")
	r.quitLinear()
	requirePlain(t, raw)

	// The audit log says who answered, and how.
	entries, _, err := audit.Read(filepath.Join(r.e.xdg["XDG_STATE_HOME"], "iris", "audit.jsonl"), time.Time{})
	if err != nil || len(entries) != 1 {
		t.Fatalf("audit log: %v, %+v", err, entries)
	}
	if e := entries[0]; e.Answer != "deny" || e.Result != audit.Accepted || e.Via != "iris --linear" || e.Device != "laptop" || e.PickerID != sel.PickerID {
		t.Fatalf("audit entry %+v", e)
	}
}

// A clarify takes the words typed as its answer.
func TestLinearClarifyTakesFreeText(t *testing.T) {
	r, raw, sim, _ := startLinear(t)
	r.typeLine("can you clarify this")
	r.waitShows("Question in Default", "What kind of answer do you want?", "Type the number or your own answer, then Enter.")
	r.typeLine("three days of logs")
	sel := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect }).Payload.(*frame.PickerSelect)
	if sel.Value != "three days of logs" {
		t.Fatalf("picker.select %q, want the words typed", sel.Value)
	}
	r.waitShows("You clarified: three days of logs.", "Assistant finished.")
	r.quitLinear()
	requirePlain(t, raw)
}

// An approval answered on another device is announced as such, and a
// line typed afterwards answers nothing.
func TestLinearAnswerFromAnotherDeviceAnnounced(t *testing.T) {
	r, raw, sim, url := startLinear(t)
	ctx, phone := otherDevice(t, url, linearToken, "dev_phone")
	sendFromThirdDevice(t, url, linearToken, "please rm -rf ./late")
	r.waitShows("Approval needed in Default", "rm -rf ./late")
	id := pickerID(t, ctx, phone, frame.TypePickerApproval)
	if _, err := phone.Post(ctx, frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: id, Value: "deny", By: &frame.AnswerBy{DeviceName: "phone"}}}); err != nil {
		t.Fatalf("the phone's picker.select: %v", err)
	}
	r.waitShows("Answered on another device: denied: rm -rf ./late · reported by the gateway as phone")
	r.typeLine("4") // no question waits: this is a message now
	r.waitShows("You: 4")
	for _, f := range sim.Received() {
		if sel, ok := f.Payload.(*frame.PickerSelect); ok && sel.PickerID == id && (sel.By == nil || sel.By.DeviceName != "phone") {
			t.Fatalf("the linear device answered the picker: %+v", sel)
		}
	}
	r.quitLinear()
	requirePlain(t, raw)
}

// pickerID reads device c's events until a picker of type typ arrives,
// and returns its id.
func pickerID(t *testing.T, ctx context.Context, c *wsclient.Client, typ string) string {
	t.Helper()
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("no %s reached the other device: %v", typ, err)
		}
		if fe, ok := ev.(*wsclient.FrameEvent); ok && fe.Frame.Type == typ {
			return fe.Frame.Payload.(*frame.Picker).PickerID
		}
	}
}

// TERM=dumb starts the linear mode without the flag.
func TestLinearIsTheDefaultOnADumbTerminal(t *testing.T) {
	_, url := startSim(t, linearToken, 5*time.Millisecond)
	e := newEnv(t)
	e.extra = []string{"IRIS_TOKEN=" + linearToken, "TERM=dumb"}
	r, raw := e.startRecorded("--url", url)
	r.waitShows("Iris, linear mode.", "Online.", "You are in Default.")
	r.quitLinear()
	requirePlain(t, raw)
}
