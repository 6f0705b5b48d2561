package session

import (
	"context"
	"time"

	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
)

// AuditWarningTTL is how long a failure to write the audit log or the
// pickers file stays in the status bar.
const AuditWarningTTL = time.Minute

// auditWork appends what became known of an answer given here to the
// audit log, naming who answered. A write failure is a warning; the
// answer itself is unaffected.
func (e *Engine) auditWork(a store.AnswerSettled) Work {
	who := e.answerers[a.Picker.PickerID]
	if a.Result != audit.NotConfirmed { // the last news of it (a retry registers anew)
		delete(e.answerers, a.Picker.PickerID)
	}
	log := e.opts.Audit
	if log == nil {
		return nil
	}
	entry := a.Entry(e.opts.Now(), e.opts.GatewayURL, LaneName(e.st, a.Picker.Lane))
	entry.Via, entry.Device, entry.Policy, entry.Rule = who.Via, who.Device, who.Policy, who.Rule
	return func(ctx context.Context) any {
		if err := log.Append(entry); err != nil {
			return Notice{Level: LevelWarn, Text: "answer not written to the audit log: " + err.Error(), TTL: AuditWarningTTL}
		}
		return nil
	}
}
