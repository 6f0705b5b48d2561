package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/store"
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

// auditSettled appends what became known of an answer given here to the
// audit log (Options.Audit). A write failure is a warning in the status
// bar; the answer itself is unaffected.
func (m *Model) auditSettled(a store.AnswerSettled) tea.Cmd {
	log := m.opts.Audit
	if log == nil {
		return nil
	}
	e := a.Entry(m.com.Now(), m.opts.GatewayURL, laneName(m.st, a.Picker.Lane))
	return func() tea.Msg {
		if err := log.Append(e); err != nil {
			return common.InfoMsg{Level: common.LevelWarn, Text: "answer not written to the audit log: " + err.Error(), TTL: auditWarningTTL}
		}
		return nil
	}
}
