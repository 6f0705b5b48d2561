package headless_test

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
)

// sentAnswer is a picker.select as the simulator got it, its "by" by value.
type sentAnswer struct {
	PickerID, Value, Reason string
	By                      frame.AnswerBy
}

// selects lists the picker.select answers the simulator got.
func selects(sim *gatewaysim.Server) []sentAnswer {
	var out []sentAnswer
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.PickerSelect); ok {
			a := sentAnswer{PickerID: p.PickerID, Value: p.Value, Reason: p.Reason}
			if p.By != nil {
				a.By = *p.By
			}
			out = append(out, a)
		}
	}
	return out
}

func TestAnswerSendsTheChoiceWithItsReason(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		leavePicker(t, p, "please rm the cache")
		r := p.run("", "answer", "pa_1", "deny", "--reason", "not on Fridays")
		r.expect(t, headless.ExitOK)
		got := selects(sim)
		want := sentAnswer{PickerID: "pa_1", Value: "deny", Reason: "not on Fridays"}
		if d == gatewaysim.DialectRich { // "by" only to a gateway offering picker_answered
			want.By = frame.AnswerBy{DeviceName: "ci (headless)"}
		}
		if len(got) != 1 || got[0] != want {
			t.Fatalf("answers %+v", got)
		}
		obs.await(t, "the turn's end", func(f frame.Frame) bool { return f.Type == frame.TypeAgentIdle })
		if r := p.run("", "pickers", "--json"); r.stdout.String() != "" {
			t.Fatalf("the answered picker is still listed: %s", r.stdout)
		}
	})
}

func TestAnswerGoesToTheAuditLog(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	p.run("", "answer", "pa_1", "always").expect(t, headless.ExitRefused)
	p.run("", "answer", "pa_1", "session").expect(t, headless.ExitOK)
	es, bad, err := audit.Read(p.audit, time.Time{})
	if err != nil || bad != 0 {
		t.Fatal(err, bad)
	}
	if len(es) != 1 {
		t.Fatalf("want the one answer given, got %+v", es)
	}
	e := es[0]
	if e.Result != audit.Accepted || e.Answer != "session" || e.Scope != "session" || e.Type != frame.TypePickerApproval ||
		e.Lane != defaultChat || e.LaneName != "Default" || e.Subject != "rm the cache" || e.Gateway != url {
		t.Fatalf("entry %+v", e)
	}
}

func TestAnswerRefusesAValueThatIsNotAChoice(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	r := p.run("", "answer", "pa_1", "maybe")
	r.expect(t, headless.ExitRefused)
	if got := r.stderr.String(); got != "iris: \"maybe\" is not a choice of picker pa_1; choose one of: once, session, always, deny\n" {
		t.Fatalf("stderr %q", got)
	}
	if len(selects(sim)) != 0 {
		t.Fatalf("answers %+v", selects(sim))
	}
}

func TestAnswerNeverGrantsAlwaysWithoutPermanent(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	leavePicker(t, p, "please rm the cache")
	r := p.run("", "answer", "pa_1", "always")
	r.expect(t, headless.ExitRefused)
	if !strings.Contains(r.stderr.String(), "without --permanent") || len(selects(sim)) != 0 {
		t.Fatalf("stderr %q, answers %+v", r.stderr, selects(sim))
	}
	p.run("", "answer", "pa_1", "always", "--permanent").expect(t, headless.ExitOK)
	if got := selects(sim); len(got) != 1 || got[0].Value != "always" {
		t.Fatalf("answers %+v", got)
	}
}

func TestAnswerTakesFreeTextForAClarify(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	leavePicker(t, p, "clarify the plan")
	p.run("", "answer", "pq_1", "ship it on Monday").expect(t, headless.ExitOK)
	if got := selects(sim); len(got) != 1 || got[0].Value != "ship it on Monday" {
		t.Fatalf("answers %+v", got)
	}
}

func TestAnswerUnknownPickerID(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("", "answer", "pa_404", "once")
	r.expect(t, headless.ExitUnknownPicker)
	if got := r.stderr.String(); got != "iris: no pending picker has the id \"pa_404\" (iris pickers lists them)\n" {
		t.Fatalf("stderr %q", got)
	}
	if len(selects(sim)) != 0 {
		t.Fatal("an answer was sent")
	}
}
