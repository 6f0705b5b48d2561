package headless

import (
	"context"
	"fmt"

	"github.com/hermes/iris/audit"
	"github.com/hermes/iris/store"
)

// audit appends what became known of this device's answers (chg.Answers)
// to the profile's audit log, the same log as answers given in the TUI
// (`iris audit` lists them), naming who answered (session.answerers). A
// write failure is a warning; the answer stands.
func (s *session) audit(chg store.Change) {
	for _, a := range chg.Answers {
		who := s.answerers[a.Picker.PickerID]
		e := a.Entry(s.now(), s.env.Config.URL, laneName(s.st, a.Picker.Lane))
		e.Via, e.Device, e.Policy, e.Rule = who.via, deviceName(s.env.Config.DeviceName), who.policy, who.rule
		if err := audit.New(s.env.Config.Paths.AuditFile).Append(e); err != nil {
			fmt.Fprintln(s.stderr, "iris: warning: answer not written to the audit log:", err)
		}
	}
}

// settle is store.State.SettleAnswer, audited; it returns what it made
// known of the answer ("" for nothing new).
func (s *session) settle(pickerID string, confirmed bool, err error) audit.Result {
	chg := s.st.SettleAnswer(pickerID, confirmed, err)
	s.audit(chg)
	return resultOf(chg, pickerID)
}

// resultOf is the last news chg holds of the answer to pickerID, or "".
func resultOf(chg store.Change, pickerID string) audit.Result {
	var r audit.Result
	for _, a := range chg.Answers {
		if a.Picker.PickerID == pickerID {
			r = a.Result
		}
	}
	return r
}

// readUntilSettled reads events (s.read applies and audits them) until
// the answer to pickerID is accepted by the turn moving on, or ctx ends
// (the picker.select's outcome came, or the command is interrupted), or
// the connection fails. It keeps each event for the caller's next s.next
// and returns audit.Accepted, or "" when not accepted meanwhile.
func (s *session) readUntilSettled(ctx context.Context, pickerID string) audit.Result {
	for {
		ev, err := s.read(ctx)
		if err != nil {
			return ""
		}
		s.unread = append(s.unread, unread{ev: ev, chg: s.changed})
		if resultOf(s.changed, pickerID) == audit.Accepted {
			return audit.Accepted
		}
	}
}
