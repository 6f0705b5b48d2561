package session

import (
	"slices"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/simtest"
)

// TestAnswerNamesWhoAnsweredOnTheWireAndInTheAuditLog: a policy's answer
// goes out as picker.select with its device, policy and rule, and the
// audit log records what became of it, each time it becomes known, with
// the same attribution; in both dialects.
func TestAnswerNamesWhoAnsweredOnTheWireAndInTheAuditLog(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, dl gatewaysim.Dialect) {
		d := newDevice(t, gatewaysim.Config{Dialect: dl}, nil)
		p := d.ask("please rm the cache")
		who := Answerer{Via: "policy ci.toml rule cache", Device: "host (headless)", Policy: "ci.toml", Rule: "cache"}
		d.finish(d.eng.AnswerPicker(Answer{Lane: p.Lane, PickerID: p.PickerID, Value: "once", Record: "approved once", Who: who}))
		d.accepted(p.PickerID)

		sel := selects(d.sim)
		if len(sel) != 1 || sel[0].Value != "once" {
			t.Fatalf("picker.select sent: %+v", sel)
		}
		if by := sel[0].By; dl == gatewaysim.DialectRich && (by == nil || *by != (frame.AnswerBy{DeviceName: who.Device, Policy: who.Policy, Rule: who.Rule})) {
			t.Fatalf("picker.select's by: %+v", by) // the spec dialect reads no extension
		}
		es := d.audited()
		if len(es) == 0 || es[len(es)-1].Result != audit.Accepted {
			t.Fatalf("audit log: %+v", es)
		}
		for _, e := range es {
			if e.PickerID != p.PickerID || e.Answer != "once" || e.Via != who.Via || e.Device != who.Device || e.Policy != who.Policy || e.Rule != who.Rule {
				t.Fatalf("audit entry %+v", e)
			}
		}
	})
}

// TestAnswerFromTheKeyboardNamesTheDevice: with no answerer named, the
// picker.select carries the device's own name and the audit log names no
// via, device, policy or rule (it was this device's keyboard).
func TestAnswerFromTheKeyboardNamesTheDevice(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, func(o *Options) { o.DeviceName = "laptop" })
	p := d.ask("please rm the cache")
	d.finish(d.eng.AnswerPicker(Answer{Lane: p.Lane, PickerID: p.PickerID, Value: "once", Record: "approved once"}))
	d.accepted(p.PickerID)
	if sel := selects(d.sim); len(sel) != 1 || sel[0].By == nil || *sel[0].By != (frame.AnswerBy{DeviceName: "laptop"}) {
		t.Fatalf("picker.select sent: %+v", sel)
	}
	for _, e := range d.audited() {
		if e.Via != "" || e.Device != "" || e.Policy != "" || e.Rule != "" {
			t.Fatalf("audit entry %+v", e)
		}
	}
}

// TestRefusedAnswerWaitsAgainAndSaysWhy: an error answering the
// picker.select puts the question back, tells the user why and is
// audited as refused.
func TestRefusedAnswerWaitsAgainAndSaysWhy(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, nil)
	p := d.ask("please rm the cache")
	d.sim.FailNext(frame.TypePickerSelect, "internal", "approval store down")
	d.finish(d.eng.AnswerPicker(Answer{Lane: p.Lane, PickerID: p.PickerID, Value: "once", Record: "approved once"}))
	if _, ok := FindPicker(d.st, p.PickerID); !ok {
		t.Fatal("the refused picker is no longer pending")
	}
	want := Notice{Level: LevelError, Text: "answer refused (internal: approval store down): the question is waiting again"}
	if !slices.Contains(d.notices, want) {
		t.Fatalf("notices %+v", d.notices)
	}
	if es := d.audited(); len(es) != 1 || es[0].Result != audit.Refused {
		t.Fatalf("audit log: %+v", es)
	}
}

// TestAnswerWithoutAConnectionIsNotDelivered: with no connection the
// answer fails at once: not delivered, the question waits again.
func TestAnswerWithoutAConnectionIsNotDelivered(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, nil)
	p := d.ask("please rm the cache")
	d.eng.opts.Conn = nil
	d.finish(d.eng.AnswerPicker(Answer{Lane: p.Lane, PickerID: p.PickerID, Value: "once", Record: "approved once"}))
	want := Notice{Level: LevelError, Text: "answer not delivered (not connected): the question is waiting again"}
	if !slices.Contains(d.notices, want) {
		t.Fatalf("notices %+v", d.notices)
	}
	if _, ok := FindPicker(d.st, p.PickerID); !ok {
		t.Fatal("the picker is no longer pending")
	}
	if len(selects(d.sim)) != 0 {
		t.Fatal("a picker.select went out")
	}
}

// selects is every picker.select the simulator received.
func selects(sim *gatewaysim.Server) []frame.PickerSelect {
	var out []frame.PickerSelect
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.PickerSelect); ok {
			out = append(out, *p)
		}
	}
	return out
}
