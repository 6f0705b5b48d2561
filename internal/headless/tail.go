package headless

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// Tail is `iris tail`: it follows lanes and prints each finished message
// (or, with JSON, one event per frame-level event) until interrupted,
// staying up across reconnects.
type Tail struct {
	Channel string // follow this lane (default: the default channel)
	All     bool   // follow every lane
	JSON    bool
	Since   int64 // replay what came after this sync cursor first; -1: live only
	// Notify prints nothing and raises a desktop notification when a
	// picker waits or a reply finishes.
	Notify bool
}

// run follows until ctx ends (exit 0) or the token is rejected.
func (o *Tail) run(ctx context.Context, env *Env) error {
	s, err := open(ctx, env, resume{since: o.Since, keep: o.Since >= 0})
	if err != nil {
		return err
	}
	defer s.close()
	t := &tailer{out: env.Stdout, st: s.st, all: o.All}
	switch {
	case o.Notify:
		t.notify = env.Notify
		if t.notify == nil {
			t.notify = SystemNotifier()
		}
		t.out, t.errOut = io.Discard, env.Stderr
	case o.JSON:
		t.json = newNDJSON(env.Stdout)
	}
	if !o.All {
		if t.lane, err = resolveLane(s.st, o.Channel, ""); err != nil {
			return err
		}
	}
	for _, a := range s.backlog {
		t.frame(a.f, a.chg)
	}
	t.emit(Event{Event: "connection", Status: wsclient.StateOnline.String()})
	t.emit(Event{Event: "cursor", Cursor: &s.synced})
	for {
		ev, err := s.next(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, wsclient.ErrClosed):
			return fail(ExitDelivery, "the connection closed")
		case err != nil:
			return err
		}
		switch ev := ev.(type) {
		case *wsclient.FrameEvent:
			t.frame(ev.Frame, s.changed)
		case *wsclient.CursorEvent:
			t.emit(Event{Event: "cursor", Cursor: &ev.Cursor})
		case *wsclient.StateEvent:
			t.emit(Event{Event: "connection", Status: ev.State.String()})
		}
	}
}

// tailer prints what tail follows.
type tailer struct {
	out  io.Writer
	json *ndjson // nil: text
	st   *store.State
	all  bool
	lane frame.Lane
	// notify, when set, replaces the output (tail --notify); a failure is
	// reported once on errOut.
	notify   Notifier
	errOut   io.Writer
	reported bool
}

// alert raises a notification in notify mode.
func (t *tailer) alert(l frame.Lane, body string) {
	if t.notify == nil {
		return
	}
	if err := t.notify("Iris · "+laneName(t.st, l), body); err != nil && !t.reported {
		t.reported = true
		fmt.Fprintln(t.errOut, "iris: warning: notification failed:", termsafe.Line(err.Error()))
	}
}

// emit writes a JSON event (text mode prints only messages and pickers).
func (t *tailer) emit(e Event) {
	if t.json != nil {
		t.json.write(e)
	}
}

// follows reports whether frames of lane l are printed.
func (t *tailer) follows(l frame.Lane) bool { return t.all || l == t.lane }

// frame prints one frame of a followed lane (status frames always); chg is
// what it changed in the state. A message prints once, when the state says
// it finished (a repeat of a finished one, live or replayed, does not).
func (t *tailer) frame(f frame.Frame, chg store.Change) {
	if st, ok := f.Payload.(*frame.Status); ok {
		t.emit(Event{Event: "status", Status: termsafe.Line(st.State)})
		return
	}
	l := f.Lane()
	if l.ChatID == "" || !t.follows(l) {
		return
	}
	switch p := f.Payload.(type) {
	case *frame.Message:
		if finished(chg, l, p.MessageID) {
			t.message(l, p.MessageID, p.Role, p.Text)
		}
	case *frame.MessageStop:
		if finished(chg, l, p.MessageID) {
			t.message(l, p.MessageID, frame.RoleAssistant, p.FinalText)
		}
	case *frame.ToolStart:
		t.emit(Event{Event: "tool", Phase: "start", Name: termsafe.Line(p.Name), Preview: termsafe.Line(p.Preview)}.withLane(l))
	case *frame.ToolEnd:
		t.emit(Event{Event: "tool", Phase: "end", Name: termsafe.Line(p.Name), Preview: termsafe.Line(p.OutputPreview), OK: p.OK}.withLane(l))
	case *frame.AgentBusy:
		t.emit(Event{Event: "busy", Status: termsafe.Line(p.Reason)}.withLane(l))
	case *frame.Picker:
		if frame.IsPicker(f.Type) {
			t.picker(f, p)
		}
	case *frame.PickerAnswered:
		if frame.Offers(t.st.Caps().PickerAnswered) { // as the store: only from a gateway that offered it
			t.answered(l, p)
		}
	case *frame.Empty:
		if f.Type == frame.TypeAgentIdle {
			t.emit(Event{Event: "idle"}.withLane(l))
		}
	}
}

// finished reports whether chg lists message id of lane l as finished.
func finished(chg store.Change, l frame.Lane, id string) bool {
	return slices.Contains(chg.Finished, store.MessageRef{Lane: l, ID: id})
}

// message prints a finished message; a reply raises a notification.
func (t *tailer) message(l frame.Lane, id, role, text string) {
	if role == frame.RoleAssistant {
		t.alert(l, "reply finished: "+firstLine(text))
	}
	if t.json != nil {
		e := Event{Event: "message", MessageID: termsafe.Line(id), Role: termsafe.Line(role), Text: termsafe.Text(text)}
		if role == frame.RoleAssistant {
			e.ReplyTo = termsafe.Line(t.st.Answers(l, id))
		}
		t.json.write(e.withLane(l))
		return
	}
	body := strings.TrimRight(termsafe.Text(text), "\n")
	fmt.Fprintf(t.out, "[%s] %s:\n%s\n\n", termsafe.Line(laneName(t.st, l)), termsafe.Line(role), body)
}

// picker prints a picker that waits.
func (t *tailer) picker(f frame.Frame, p *frame.Picker) {
	for _, pk := range t.st.Pickers(f.Lane()) {
		if pk.PickerID != p.PickerID {
			continue
		}
		v := newPickerView(pk, t.st, pk.Arrived)
		t.alert(f.Lane(), v.kind()+" waits: "+v.Question+" (iris answer "+v.ID+" VALUE)")
		if t.json != nil {
			t.json.write(v.event())
			return
		}
		fmt.Fprintf(t.out, "[%s] %s waits: %s (iris answer %s VALUE)\n\n", v.LaneName, v.kind(), v.Question, v.ID)
	}
}

// answered prints a picker answered on some device (the gateway's
// picker.answered): who answered is the gateway's claim.
func (t *tailer) answered(l frame.Lane, p *frame.PickerAnswered) {
	if t.json != nil {
		t.json.write(Event{Event: "picker", Status: "answered", PickerID: termsafe.Line(p.PickerID), Value: termsafe.Line(p.Value), By: eventBy(p.By)}.withLane(l))
		return
	}
	line := fmt.Sprintf("[%s] %s answered %s", termsafe.Line(laneName(t.st, l)), termsafe.Line(p.PickerID), termsafe.Line(p.Value))
	if p.By != nil {
		if by := store.ByText(*p.By); by != "" {
			line += " · reported by the gateway as " + termsafe.Line(by)
		}
	}
	fmt.Fprintln(t.out, line+"\n")
}

// firstLine is the first non-empty line of text, without markdown heading
// marks.
func firstLine(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(strings.TrimLeft(line, "# ")); line != "" {
			return line
		}
	}
	return ""
}
