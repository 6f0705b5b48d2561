package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/wsclient"
)

// TestSecondDeviceTellsTheTruth: two real Iris processes (two machines:
// each its own XDG directories and device id) on one simulator get the
// same approval. Device B denies it; device A's record says the gateway
// reported that B denied it (picker.answered, extension picker_answered: a
// claim), and A's open dialog stays up with that news until Esc; a 1
// pressed on A afterwards answers nothing, and no "approved" line exists
// on either screen.
// While the approval waits, A's window title counts it.
func TestSecondDeviceTellsTheTruth(t *testing.T) {
	const token = "two-devices"
	sim, url := startSim(t, token, 5*time.Millisecond)
	devices, envs := map[string]*run{}, map[string]*env{}
	for _, name := range []string{"A", "B"} {
		e := newEnv(t)
		e.height = 50
		r := e.start("--url", url, "--token", token, "--device-name", "device "+name)
		r.waitShows("● online", "Channels")
		devices[name], envs[name] = r, e
	}
	a, b := devices["A"], devices["B"]

	// A third device asks, so that neither screen was typed in just before
	// the approval arrives.
	sendFromThirdDevice(t, url, token, "please rm -rf ./dist2")
	a.waitShows("Approve command?", "rm -rf ./dist2", armed)
	b.waitShows("Approve command?", "rm -rf ./dist2", armed)

	a.waitTitle("◆ 1 waiting · Iris · Default · busy") // the agent waits for the answer

	b.keys("4") // Deny
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect })
	if v := f.Payload.(*frame.PickerSelect).Value; v != "deny" {
		t.Fatalf("B sent %q, want deny", v)
	}
	b.waitShows("◆ denied: rm -rf ./dist2", "you denied it")
	a.waitShows("no longer waiting: denied", "Approve command?") // the dialog may cover the record
	a.keys("Escape")
	a.waitFor("A's dialog to close on the record", func(s string) bool {
		return strings.Contains(s, "◆ denied: rm -rf ./dist2 · reported by the gateway as device B") && !strings.Contains(s, "Approve command?")
	})

	a.waitTitle("Iris · Default")
	a.keys("1") // the dialog is gone: this is a keystroke for the composer
	a.waitFor("the 1 in A's composer", func(s string) bool { return !strings.Contains(s, "Message…") })
	for name, r := range devices {
		if s := r.screen(); strings.Contains(s, "approved") || strings.Contains(s, "expired") {
			t.Fatalf("device %s shows a false record:\n%s", name, s)
		}
	}
	var selects []string
	for _, f := range sim.Received() {
		if f.Type == frame.TypePickerSelect {
			selects = append(selects, f.Payload.(*frame.PickerSelect).Value)
		}
	}
	if len(selects) != 1 || selects[0] != "deny" {
		t.Fatalf("the simulator received picker.select values %v, want only B's deny", selects)
	}

	// Each machine's audit log holds what was answered there: B's deny,
	// accepted; nothing on A. The log is private and never holds the token.
	a.keys("BSpace") // quit wants an empty composer
	a.quit()
	b.quit()
	if code, out := envs["A"].exec("audit"); code != 0 || strings.TrimSpace(out) != "no answers recorded" {
		t.Fatalf("iris audit on A: %d\n%s", code, out)
	}
	code, out := envs["B"].exec("audit", "--since", "1h", "--json")
	var e audit.Entry
	if code != 0 || strings.Count(out, "\n") != 1 || json.Unmarshal([]byte(out), &e) != nil {
		t.Fatalf("iris audit --json on B: %d\n%s", code, out)
	}
	if e.Result != audit.Accepted || e.Answer != "deny" || e.Subject != "rm -rf ./dist2" || e.Type != frame.TypePickerApproval ||
		e.Gateway != url || e.Lane != gatewaysim.DefaultChatID {
		t.Fatalf("B's audit entry %+v", e)
	}
	path := filepath.Join(envs["B"].xdg["XDG_STATE_HOME"], "iris", audit.FileName)
	st, err := os.Stat(path)
	data, _ := os.ReadFile(path)
	if err != nil || st.Mode().Perm() != 0o600 || strings.Contains(string(data), token) {
		t.Fatalf("audit log %s: mode %v err %v:\n%s", path, st.Mode(), err, data)
	}
	if code, out := envs["B"].exec("audit"); code != 0 || !containsAll(out, "TIME", "accepted", "approval", "deny", "rm -rf ./dist2") {
		t.Fatalf("iris audit on B: %d\n%s", code, out)
	}
}

// waitTitle waits until the terminal's window title (as tmux keeps it for
// the pane) is want.
func (r *run) waitTitle(want string) {
	r.e.t.Helper()
	var title string
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if title = strings.TrimSpace(r.e.tmux("display-message", "-p", "-t", r.name, "#{pane_title}")); title == want {
			return
		}
	}
	r.e.t.Fatalf("%s: window title %q, want %q", r.name, title, want)
}

// sendFromThirdDevice connects a plain protocol client to the simulator and
// sends text to the default channel.
func sendFromThirdDevice(t *testing.T, url, token, text string) {
	t.Helper()
	ctx, c := otherDevice(t, url, token, "dev_third")
	f := frame.Frame{Type: frame.TypeMessageSend, ChatID: frame.Some(gatewaysim.DefaultChatID),
		Payload: &frame.MessageSend{Text: text, ClientMsgID: "third-1"}}
	if _, err := c.Request(ctx, f); err != nil {
		t.Fatalf("message.send from the third device: %v", err)
	}
}

// otherDevice connects another device (device id id) to the simulator and
// returns it once online, with the context its requests run under; it is
// closed when the test ends.
func otherDevice(t *testing.T, url, token, id string) (context.Context, *wsclient.Client) {
	t.Helper()
	c, err := wsclient.New(wsclient.Config{URL: url, Token: token, DeviceID: id, DeviceName: id})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	done := make(chan struct{})
	go func() { _ = c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("device %s never came online: %v", id, err)
		}
		if s, ok := ev.(*wsclient.StateEvent); ok && s.State == wsclient.StateOnline {
			return ctx, c
		}
	}
}

// TestStopWhileAnApprovalWaitsTellsEveryDeviceTheTruth: device A stops
// the agent while the approval waits on both screens (Esc hides A's
// dialog, Ctrl+X stops). A records that it withdrew the approval by
// stopping; B, whose gateway reports answers and reported none, that the
// gateway withdrew it. Neither says another device answered.
func TestStopWhileAnApprovalWaitsTellsEveryDeviceTheTruth(t *testing.T) {
	const token = "stop-devices"
	_, url := startSim(t, token, 5*time.Millisecond)
	var tuis []*run
	for _, name := range []string{"A", "B"} {
		e := newEnv(t)
		e.height = 50
		r := e.start("--url", url, "--token", token, "--device-name", "device "+name)
		r.waitShows("● online", "Channels")
		tuis = append(tuis, r)
	}
	a, b := tuis[0], tuis[1]
	sendFromThirdDevice(t, url, token, "please rm -rf ./dist2")
	a.waitShows("Approve command?", "rm -rf ./dist2", armed)
	b.waitShows("Approve command?", "rm -rf ./dist2", armed)
	a.keys("Escape")
	a.waitFor("A's dialog hidden", func(s string) bool { return !strings.Contains(s, "Approve command?") })
	a.keys("C-x")
	a.waitShows("◆ withdrawn: you stopped the agent: rm -rf ./dist2")
	b.waitShows("◆ withdrawn by the gateway (no device answered): rm -rf")
	for _, r := range tuis {
		if s := r.screen(); strings.Contains(s, "another device") || strings.Contains(s, "Approve command?") {
			t.Fatalf("a false record or a dialog left up:\n%s", s)
		}
		r.quit()
	}
}
