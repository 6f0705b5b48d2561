package headless_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
)

const testPolicy = `
[[rule]]
name = "cache"
type = "approval"
command = ["rm", "**", "*cache"]
answer = "once"

[[rule]]
name = "no-force"
type = "approval"
command = ["git", "push", "**"]
any_arg = ["--force"]
answer = "deny"
reason = "never force from CI"
`

func TestApproveAnswersByRuleAndLeavesTheRestToHumans(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--policy", writePolicy(t, testPolicy))

	obs.replyTo(t, obs.say(t, defaultChat, "please rm the cache"))
	obs.say(t, defaultChat, "clarify the plan")
	waitFor(t, "the clarify left to a human", func() bool {
		return strings.Contains(ap.stdout.String(), "left to a human: pq_1 in Default: What kind of answer do you want? (no rule matches)")
	})
	ap.stop(t)

	by := frame.AnswerBy{DeviceName: "ci (headless)", Policy: "policy.toml", Rule: "cache"}
	if got := selects(sim); len(got) != 1 || got[0] != (sentAnswer{PickerID: "pa_1", Value: "once", By: by}) {
		t.Fatalf("answers %+v", got)
	}
	if !strings.Contains(ap.stdout.String(), "answered pa_1 in Default: rm the cache with once (rule cache)") {
		t.Fatalf("stdout:\n%s", ap.stdout)
	}
	if got := ap.stderr.String(); got != "iris: approve: answered 1 (1 once), left 1 to humans, 0 not delivered\n" {
		t.Fatalf("summary %q", got)
	}
	es, _, err := audit.Read(p.audit, time.Time{})
	if err != nil || len(es) != 1 || es[0].Via != "policy policy.toml rule cache" || es[0].Result != audit.Accepted ||
		es[0].PickerID != "pa_1" || es[0].Policy != "policy.toml" || es[0].Rule != "cache" || es[0].Device != "ci (headless)" {
		t.Fatalf("audit %+v %v", es, err)
	}
}

func TestApproveDeniesWithTheRulesReason(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--policy", writePolicy(t, testPolicy))
	obs.replyTo(t, obs.say(t, defaultChat, "force push please"))
	ap.stop(t)
	got := selects(sim)
	if len(got) != 1 || got[0].Value != "deny" || got[0].Reason != "never force from CI" {
		t.Fatalf("answers %+v", got)
	}
}

func TestApproveAnswersAPickerAlreadyWaiting(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	ap := startLong(t, sim, p, "approve", "--policy", writePolicy(t, testPolicy))
	obs.await(t, "the turn's end", func(f frame.Frame) bool { return f.Type == frame.TypeAgentIdle })
	ap.stop(t)
	if got := selects(sim); len(got) != 1 || got[0].PickerID != "pa_1" || got[0].Value != "once" {
		t.Fatalf("answers %+v", got)
	}
}

func TestApproveDryRunAnswersNothing(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--dry-run", "--policy", writePolicy(t, testPolicy))
	obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "the dry-run line", func() bool { return strings.Contains(ap.stdout.String(), "would answer pa_1") })
	ap.stop(t)
	if got := selects(sim); len(got) != 0 {
		t.Fatalf("a dry run answered %+v", got)
	}
	if got := ap.stderr.String(); got != "iris: approve: would have answered 1 (1 once), left 0 to humans, 0 not delivered\n" {
		t.Fatalf("summary %q", got)
	}
}

func TestApproveRefusesToStartWithABadPolicy(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	path := writePolicy(t, "[[rule]]\ntype = \"approval\"\nanswer = \"always\"\n")
	r := newProfile(t, url).run("", "approve", "--policy", path)
	r.expect(t, headless.ExitConfig)
	if got := r.stderr.String(); !strings.HasPrefix(got, "iris: "+path+":3: rule[1].answer:") || strings.Count(got, "\n") != 1 {
		t.Fatalf("stderr %q", got)
	}
	if len(sim.Received()) != 0 {
		t.Fatal("the approver connected with a bad policy")
	}
}

func TestSendWaitAnswersPickersByPolicy(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	policy := writePolicy(t, testPolicy)
	r := p.run("", "send", "--wait", "--policy", policy, "please rm the cache")
	r.expect(t, headless.ExitOK)
	if !strings.Contains(r.stdout.String(), "(approved: once)") || !strings.Contains(r.stderr.String(), "answered pa_1 in Default: rm the cache with once (rule cache)") {
		t.Fatalf("stdout %q\nstderr %q", r.stdout, r.stderr)
	}
	r = p.run("", "send", "--wait", "--policy", policy, "clarify the plan")
	r.expect(t, headless.ExitPickerWaiting)
	if got := selects(sim); len(got) != 1 {
		t.Fatalf("answers %+v", got)
	}
}

func TestApproveExplainSaysWhyACommandDoesOrDoesNotMatch(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	policy := "testdata/policies/ci-policy.toml"
	r := p.run("", "approve", "--policy", policy, "--explain", "git status ; rm -rf ~")
	r.expect(t, headless.ExitOK)
	for _, want := range []string{
		`words:   ["git", "status", ";", "rm", "-rf", "~"]`,
		"shell:   a second command (; & && || or a newline); a home directory (~)",
		`rule no force push (deny): no: no command pattern matches the words ["git", "status", ";", "rm", "-rf", "~"]`,
		"rule read-only git (once): no: the command holds a second command (; & && || or a newline), a home directory (~), and the rule does not allow shell syntax (shell = true)",
		"rule staging first (staging): no: it is for clarify pickers",
		"outcome: left to a human (no rule matches)",
	} {
		if !strings.Contains(r.stdout.String(), want+"\n") {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Index(r.stdout.String(), "rule no force push") > strings.Index(r.stdout.String(), "rule read-only git") {
		t.Errorf("the deny rule is not tried first:\n%s", r.stdout)
	}

	r = p.run("", "approve", "--policy", policy, "--explain", "git push origin +main")
	r.expect(t, headless.ExitOK)
	for _, want := range []string{
		`rule no force push (deny): matches: the words match ["git", "push", "**"]; argument "+main" matches "+*"`,
		"outcome: denied (rule no force push)",
	} {
		if !strings.Contains(r.stdout.String(), want+"\n") {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	r = p.run("", "approve", "--policy", policy, "--explain", "rm -rf ./build")
	if !strings.Contains(r.stdout.String(), "outcome: answered once (rule build cache)\n") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if len(sim.Received()) != 0 {
		t.Error("--explain connected to the gateway")
	}
}

func TestApproveLeavesACraftedCommandToAHuman(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--policy", "testdata/policies/ci-policy.toml")
	obs.say(t, defaultChat, "please rm -rf ./build ~")
	waitFor(t, "the approval left to a human", func() bool {
		return strings.Contains(ap.stdout.String(), "left to a human: pa_1 in Default: rm -rf ./build ~ (no rule matches; the command holds a home directory (~))")
	})
	ap.stop(t)
	if got := selects(sim); len(got) != 0 {
		t.Fatalf("answered %+v", got)
	}
}

// TestApproverFileDropsWhatItAnswered: once the approver's answer is
// settled, the pickers file it publishes for the other commands no longer
// lists that picker, without waiting for another frame or for the
// approver to stop: killed then, its next start (or iris pickers) would
// offer the answered picker again, and iris answer would call it
// answered elsewhere.
func TestApproverFileDropsWhatItAnswered(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ap := startLong(t, sim, p, "approve", "--policy", writePolicy(t, testPolicy))
	obs.say(t, defaultChat, "please rm the cache")
	waitFor(t, "the answer", func() bool { return strings.Contains(ap.stdout.String(), "answered pa_1") })
	// The line is printed once the answer is settled: the file says so
	// already.
	b, err := os.ReadFile(filepath.Join(p.dataDir, headless.PickersFile))
	if err != nil || strings.Contains(string(b), "pa_1") {
		t.Fatalf("pickers file %s (%v)", b, err)
	}
	ap.stop(t)
}
