package headless

import (
	"fmt"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/store"
)

// recordAnswer appends an answer and what the gateway made of it to the
// profile's audit log, the same log as answers given in the TUI (`iris
// audit` lists them). A write failure is a warning; the answer stands.
// who names who answered (audit.Entry.Via, Device, Policy and Rule).
func recordAnswer(env *Env, s *session, p store.Picker, value string, who answerer, result audit.Result, reason string) {
	subject := p.Command
	if subject == "" {
		subject = p.Summary()
	}
	e := audit.Entry{
		Time: s.now(), Gateway: audit.GatewayURL(env.Config.URL), Lane: p.Lane.String(), LaneName: laneName(s.st, p.Lane),
		Type: p.Type, Subject: subject, Answer: value, Scope: audit.ScopeOf(p.Type, value), Result: result, Reason: reason, Via: who.via,
		PickerID: p.PickerID, Device: deviceName(env.Config.DeviceName), Policy: who.policy, Rule: who.rule,
	}
	if err := audit.New(env.Config.Paths.AuditFile).Append(e); err != nil {
		fmt.Fprintln(env.Stderr, "iris: warning: answer not written to the audit log:", err)
	}
}
