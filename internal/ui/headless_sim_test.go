package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// The TUI beside the headless commands, each a device of its own on one
// simulator, over real sockets (issue 14).

// approvePolicy answers the approval of "rm the cache" by rule.
const approvePolicy = "[[rule]]\nname = \"cache\"\ntype = \"approval\"\ncommand = [\"rm\", \"**\", \"*cache\"]\nanswer = \"once\"\n"

// headlessRun is one headless command running in this process.
type headlessRun struct {
	stdout, stderr *simtest.Buffer
	done           chan int
	cancel         context.CancelFunc
}

// runHeadless starts `iris ARGS...` against url with the profile's data
// dir and audit log.
func runHeadless(t *testing.T, url, dataDir, auditFile string, args ...string) *headlessRun {
	t.Helper()
	c, err := headless.Parse(args[0], args[1:])
	if err != nil {
		t.Fatal(err)
	}
	r := &headlessRun{stdout: &simtest.Buffer{}, stderr: &simtest.Buffer{}, done: make(chan int, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	r.cancel = cancel
	t.Cleanup(cancel)
	env := &headless.Env{
		Stdin: strings.NewReader(""), Stdout: r.stdout, Stderr: r.stderr, Timing: simtest.FastTiming(), ConnectTimeout: 3 * time.Second,
		Config: &config.Config{URL: url, Token: config.NewSecret("tok"), DataDir: dataDir, DeviceName: "ci", Paths: config.Paths{AuditFile: auditFile}},
	}
	go func() { r.done <- c.Run(ctx, env) }()
	return r
}

// wait returns the command's exit code.
func (r *headlessRun) wait(t *testing.T) int {
	t.Helper()
	select {
	case code := <-r.done:
		return code
	case <-time.After(65 * time.Second):
		t.Fatalf("the headless command did not end; stderr: %s", r.stderr)
		return -1
	}
}

// simWith starts a simulator configured by cfg and a TUI connected to it,
// on the real clock (the headless commands check pickers' deadlines).
func simWith(t *testing.T, cfg gatewaysim.Config, mods ...harnessOpt) *simEnv {
	t.Helper()
	cfg.Token = "tok"
	if cfg.StreamInterval == 0 {
		cfg.StreamInterval = time.Millisecond
	}
	sim, url := simtest.StartSim(t, cfg)
	realClock := func(o *Options) {
		o.Now, o.State, o.GatewayURL = time.Now, store.New(store.Options{Now: time.Now}), url
	}
	e := dialEnv(t, url, wsclient.Timing{}, append([]harnessOpt{realClock}, mods...)...)
	e.sim = sim
	return e
}

// pollUntil polls cond (not the model) until it holds.
func pollUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// approveOnce runs iris approve until it answered the TUI's "please rm the
// cache" by rule (the TUI's events are not fed meanwhile), then stops it.
func approveOnce(t *testing.T, e *simEnv, auditFile string) {
	t.Helper()
	policy := filepath.Join(t.TempDir(), "ci.toml")
	if err := os.WriteFile(policy, []byte(approvePolicy), 0o600); err != nil {
		t.Fatal(err)
	}
	dataDir := t.TempDir()
	ap := runHeadless(t, e.url, dataDir, auditFile, "approve", "--policy", policy)
	// The approver watches from its first connection on: the picker must
	// come after it, or it is not the approver's to see.
	pollUntil(t, "the approver's connection", func() bool {
		id, err := os.ReadFile(filepath.Join(dataDir, headless.DeviceFile))
		if err != nil {
			return false
		}
		hellos, _ := e.sim.DeviceConnections(strings.TrimSpace(string(id)))
		return hellos > 0
	})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	pollUntil(t, "the approver's answer", func() bool { return strings.Contains(ap.stdout.String(), "with once (rule cache)") })
	ap.cancel()
	if code := ap.wait(t); code != headless.ExitOK {
		t.Fatalf("approve exited %d: %s", code, ap.stderr)
	}
}

// byPolicy and byPolicyAudited are the record of iris approve's answer,
// as the gateway reported it and as the audit log has it.
const (
	byPolicy        = "approved once: rm the cache · reported by the gateway as policy ci.toml, rule cache, on ci (headless)"
	byPolicyAudited = "approved once: rm the cache · by policy ci.toml, rule cache, on ci (headless) (audit log)"
)

// lastRecord is the text of the focused lane's newest picker record, or "".
func (e *simEnv) lastRecord() string {
	ln := e.st.Lane(e.m.Lane())
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Kind == store.KindPickerRecord {
			return it.Text
		}
	}
	return ""
}

// recordIs reports whether the newest picker record is text.
func (e *simEnv) recordIs(text string) func() bool {
	return func() bool { return e.lastRecord() == text }
}

// TestPolicyAnswerShowsInTheTUIWithPolicyAndRule: iris approve answers a
// picker the TUI shows; the gateway's picker.answered (extension
// picker_answered) makes the TUI's record name the policy, the rule and the
// headless device instead of "answered on another device".
func TestPolicyAnswerShowsInTheTUIWithPolicyAndRule(t *testing.T) {
	e := simWith(t, gatewaysim.Config{})
	approveOnce(t, e, filepath.Join(t.TempDir(), "audit.jsonl"))
	e.until("the attributed record", e.recordIs(byPolicy))
	e.until("the agent's reply", e.shows("approved: once"))
	e.mustNotShow("answered on another device")
}

// TestPolicyAnswerFromTheAuditLogWithoutTheExtension: a gateway of the
// spec alone says nothing of who answered; the TUI finds the picker in the
// audit log the approver on this machine wrote, and its record names the
// policy and rule all the same.
func TestPolicyAnswerFromTheAuditLogWithoutTheExtension(t *testing.T) {
	log := filepath.Join(t.TempDir(), "audit.jsonl")
	e := simWith(t, gatewaysim.Config{Dialect: gatewaysim.DialectSpec}, func(o *Options) { o.Audit = audit.New(log) })
	approveOnce(t, e, log)
	e.until("the attributed record", e.recordIs(byPolicyAudited))
	e.mustNotShow("answered on another device")
}

// TestWithoutExtensionOrAuditEntryTheRecordSaysClosed: with no
// picker.answered and nothing in the audit log (another machine answered),
// nothing says who answered or whether anyone did: the record stays
// "closed", never "answered on another device".
func TestWithoutExtensionOrAuditEntryTheRecordSaysClosed(t *testing.T) {
	e := simWith(t, gatewaysim.Config{Dialect: gatewaysim.DialectSpec}, func(o *Options) { o.Audit = audit.New(filepath.Join(t.TempDir(), "audit.jsonl")) })
	approveOnce(t, e, filepath.Join(t.TempDir(), "elsewhere.jsonl"))
	e.until("the record", e.recordIs(store.ClosedText+": rm the cache"))
	e.until("the agent's reply", e.shows("approved: once"))
	e.mustNotShow("by policy", "another device")
}

// tuiWithPublishedApproval starts a TUI that publishes its pickers in a
// profile data dir and has it raise an approval; it returns the TUI, the
// data dir and the published file.
func tuiWithPublishedApproval(t *testing.T) (e *simEnv, dataDir, file string) {
	t.Helper()
	dataDir = t.TempDir()
	file = filepath.Join(dataDir, pickerfile.TUIFile)
	e = simWith(t, gatewaysim.Config{}, func(o *Options) { o.PickersFile = file })
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	return e, dataDir, file
}

// TestHeadlessKnowsAPickerRaisedBeforeItsFirstConnection: the TUI
// publishes the pickers pending in it (0600, in the profile's data dir); a
// headless device that connects for the first time afterwards, whose
// outbox never held the picker, lists it with iris pickers and answers it
// with iris answer; the TUI's file then lists it no more.
func TestHeadlessKnowsAPickerRaisedBeforeItsFirstConnection(t *testing.T) {
	e, dataDir, file := tuiWithPublishedApproval(t)
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("published file: %v %v", fi, err)
	}

	auditFile := filepath.Join(t.TempDir(), "audit.jsonl")
	ls := runHeadless(t, e.url, dataDir, auditFile, "pickers")
	if code := ls.wait(t); code != headless.ExitOK || !strings.Contains(ls.stdout.String(), "pa_1") || !strings.Contains(ls.stdout.String(), "rm the cache") {
		t.Fatalf("iris pickers exited %d:\n%s%s", code, ls.stdout, ls.stderr)
	}
	ans := runHeadless(t, e.url, dataDir, auditFile, "answer", "pa_1", "once")
	if code := ans.wait(t); code != headless.ExitOK {
		t.Fatalf("iris answer exited %d: %s", code, ans.stderr)
	}
	e.until("the agent's reply", e.shows("approved: once"))
	e.until("the attributed record", e.recordIs("approved once: rm the cache · reported by the gateway as ci (headless)"))
	pollUntil(t, "the file without the picker", func() bool {
		entries, err := pickerfile.Read(file)
		return err == nil && entries != nil && len(entries) == 0
	})
}

// TestStaleTUIPickerIsAlreadyAnswered: a picker the TUI's file still lists
// but another device answered meanwhile gets the gateway's not_found:
// "already answered", exit 12.
func TestStaleTUIPickerIsAlreadyAnswered(t *testing.T) {
	e, dataDir, _ := tuiWithPublishedApproval(t)
	other := onlineDevice(t, e.url, "dev_other")
	answerFrom(t, other, "pa_1", "deny")
	ans := runHeadless(t, e.url, dataDir, filepath.Join(t.TempDir(), "audit.jsonl"), "answer", "pa_1", "once")
	if code := ans.wait(t); code != headless.ExitUnknownPicker || !strings.Contains(ans.stderr.String(), "already answered elsewhere") {
		t.Fatalf("iris answer exited %d: %s", code, ans.stderr)
	}
}

// answerFrom answers picker id with value from device c.
func answerFrom(t *testing.T, c *wsclient.Client, id, value string) {
	t.Helper()
	sel := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: id, Value: value}}
	if _, err := c.Request(context.Background(), sel); err != nil {
		t.Fatalf("answer %s: %v", id, err)
	}
}
