package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/ui/common"
)

// AuditLog records the answers given to pickers on this device;
// *audit.Log satisfies it. Append is only ever called inside a tea.Cmd.
type AuditLog interface {
	Append(audit.Entry) error
}

// auditWarningTTL is how long a failure to write the audit log stays in the
// status bar.
const auditWarningTTL = time.Minute

// auditAnswer appends one answer and what the gateway made of it to the
// audit log (Options.Audit). A write failure is a warning in the status
// bar; the answer itself is unaffected.
func (m *Model) auditAnswer(msg pickerAnsweredMsg, result audit.Result, reason string) tea.Cmd {
	log := m.opts.Audit
	if log == nil {
		return nil
	}
	p := msg.picker
	subject := p.Command
	if subject == "" {
		subject = p.Summary()
	}
	e := audit.Entry{
		Time: m.com.Now(), Gateway: audit.GatewayURL(m.opts.GatewayURL), Lane: p.Lane.String(), LaneName: m.laneName(p.Lane), Type: p.Type,
		Subject: subject, Answer: msg.value, Scope: audit.ScopeOf(p.Type, msg.value), Result: result, Reason: reason,
	}
	return func() tea.Msg {
		if err := log.Append(e); err != nil {
			return common.InfoMsg{Level: common.LevelWarn, Text: "answer not written to the audit log: " + err.Error(), TTL: auditWarningTTL}
		}
		return nil
	}
}
