package headless

import (
	"context"
	"fmt"

	"github.com/hermes/iris/internal/audit"
	engine "github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
)

// audit hands what an event changed to the engine
// (session.Engine.Changed), which appends what became known of this
// device's answers to the profile's audit log, the same log as answers
// given in the TUI (`iris audit` lists them), naming who answered.
func (s *session) audit(chg store.Change) { s.finish(s.eng.Changed(chg)) }

// finish runs the work of an engine result at once; a warning it brings
// back (the audit log not written) goes to stderr, the answer stands.
// The result's notices are the TUI's words: a command words its own.
func (s *session) finish(r engine.Result) {
	for _, w := range r.Work {
		switch out := w(context.Background()).(type) {
		case engine.Notice:
			fmt.Fprintln(s.stderr, "iris: warning:", out.Text)
		case engine.Reply:
			s.finish(s.eng.Handle(out))
		}
	}
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
		if engine.ResultOf(s.changed, pickerID) == audit.Accepted {
			return audit.Accepted
		}
	}
}

// appendOnly is the audit log as a headless command uses it: it appends,
// and does not look up who answered the pickers that ended elsewhere
// (the TUI's records do; a command's output names no answerer).
type appendOnly struct{ log *audit.Log }

func (a appendOnly) Append(e audit.Entry) error { return a.log.Append(e) }
