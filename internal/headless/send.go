package headless

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	engine "github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// Send is `iris send`: one message to a lane, optionally waiting for the
// agent's reply.
type Send struct {
	Channel string   // chat id or name; "" is the default channel
	Thread  string   // thread id
	Wait    bool     // stream the reply and exit when the turn ends
	JSON    bool     // NDJSON events instead of text
	Text    string   // the message, or "-" to read it from stdin
	Attach  []string // files to attach
	Policy  string   // with Wait: answer pickers by this policy file
}

// maxStdin caps a message read from stdin.
const maxStdin = 1 << 20

// message returns the text to send, reading stdin for "-".
func (o *Send) message(stdin io.Reader) (string, error) {
	text := o.Text
	if text == "-" {
		b, err := io.ReadAll(io.LimitReader(stdin, maxStdin+1))
		if err != nil {
			return "", fail(ExitFailure, "reading stdin: %v", err)
		}
		if len(b) > maxStdin {
			return "", fail(ExitUsage, "stdin holds more than %d bytes; send less", maxStdin)
		}
		text = string(b)
		if strings.TrimSpace(text) == "" && len(o.Attach) == 0 {
			return "", fail(ExitEmpty, "nothing to send: stdin was empty")
		}
		return strings.TrimRight(text, "\n"), nil
	}
	if strings.TrimSpace(text) == "" && len(o.Attach) == 0 {
		return "", fail(ExitEmpty, "nothing to send: the message is empty")
	}
	return text, nil
}

// run sends the message and, with Wait, follows the turn it starts.
func (o *Send) run(ctx context.Context, env *Env) error {
	text, err := o.message(env.Stdin)
	if err != nil {
		return err
	}
	var pol *Policy
	if o.Policy != "" {
		if pol, err = LoadPolicy(o.Policy); err != nil {
			return fail(ExitConfig, "%v", err)
		}
	}
	var ups []media.Upload
	for _, path := range o.Attach {
		up, err := media.DescribeUpload(path)
		if err != nil {
			return fail(ExitUsage, "%v", err)
		}
		ups = append(ups, up)
	}
	s, err := open(ctx, env, resume{})
	if err != nil {
		return err
	}
	defer s.close()
	l, err := resolveLane(s.st, o.Channel, o.Thread)
	if err != nil {
		return err
	}
	refs, err := upload(ctx, s, ups)
	if err != nil {
		return err
	}
	id, err := post(ctx, s, l, text, refs)
	if err != nil {
		return err
	}
	out := newReplyOutput(env, o.JSON, l, laneName(s.st, l))
	out.sent(id)
	if !o.Wait {
		return nil
	}
	w := newTurnWatch(l, id, out)
	if pol != nil {
		w.policy = newApprover(env, s, pol, env.Stderr)
	}
	return out.finish(w.follow(ctx, s))
}

// post sends the message through the engine, as the TUI and --linear do:
// session.Engine.SendMessage stores it in the session's state as an
// outgoing message with a fresh client_msg_id, and Flush sends its
// message.send at once, whatever the agent is doing (the gateway decides,
// as with the busy-input setting "gateway"). It returns the gateway's id
// for the message: from a response with the request's id, or from the
// message's echo or read.receipt without it, whichever comes first (the
// spec shows no response of its own for message.send; the state matches
// the echo as the TUI's does). The events read meanwhile are kept for
// s.next.
func post(ctx context.Context, s *session, l frame.Lane, text string, refs []string) (string, error) {
	cid, _, err := s.eng.SendMessage(l, text, refs)
	if err != nil {
		return "", fail(ExitUnknownChannel, "%v; nothing was sent", err)
	}
	work := s.eng.Flush(engine.Busy{}).Work
	rctx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	qctx, stopWaiting := context.WithCancel(ctx)
	defer stopWaiting()
	done := make(chan engine.Sent, 1)
	go func() {
		sent := engine.Sent{ClientMsgID: cid, Err: wsclient.ErrOffline} // no work: the engine was not online
		for _, w := range work {
			if got, ok := w(qctx).(engine.Sent); ok && got.ClientMsgID == cid {
				sent = got
			}
		}
		done <- sent
		stopReading()
	}()
	for s.st.EchoOf(l, cid) == "" {
		ev, err := s.read(rctx)
		if err != nil {
			break
		}
		s.unread = append(s.unread, unread{ev: ev, chg: s.changed})
	}
	if id := s.st.EchoOf(l, cid); id != "" {
		return id, nil // a late response or timeout of the request no longer matters
	}
	r := <-done
	s.finish(s.eng.Handle(r)) // the message's delivery mark; its notices are the TUI's words, this command words its own
	if r.Err != nil {
		return "", deliveryError(ctx, r.Err)
	}
	echo, ok := r.Resp.Payload.(*frame.Message)
	if !ok || echo.MessageID == "" {
		return "", fail(ExitDelivery, "delivery unknown: the gateway answered %s without a message id", termsafe.Line(r.Resp.Type))
	}
	return echo.MessageID, nil
}

// upload sends the attachments and returns their media refs.
func upload(ctx context.Context, s *session, ups []media.Upload) ([]string, error) {
	var refs []string
	for _, up := range ups {
		r, err := up.Open()
		if err != nil {
			return nil, fail(ExitUsage, "%v", err)
		}
		ref, err := s.c.Upload(ctx, up.Spec(), r, nil)
		r.Close()
		if err != nil {
			var fe *frame.Error
			if errors.As(err, &fe) {
				return nil, fail(ExitDelivery, "the gateway refused %s: %s: %s; nothing was sent", up.Filename, termsafe.Line(fe.Code), termsafe.Line(fe.Message))
			}
			return nil, fail(ExitDelivery, "uploading %s failed: %v; nothing was sent", up.Filename, err)
		}
		refs = append(refs, ref)
	}
	return refs, nil
}

// deliveryError explains why message.send did not get its echo.
func deliveryError(ctx context.Context, err error) error {
	var fe *frame.Error
	switch {
	case errors.As(err, &fe):
		return fail(ExitDelivery, "the gateway refused the message: %s: %s", termsafe.Line(fe.Code), termsafe.Line(fe.Message))
	case ctx.Err() != nil:
		return fail(ExitInterrupted, "interrupted while sending; the message may or may not have been delivered")
	case errors.Is(err, wsclient.ErrOffline):
		return fail(ExitDelivery, "delivery failed: the connection dropped before the message was sent")
	}
	return fail(ExitDelivery, "delivery unknown: %v (the message may have arrived; check before sending again)", err)
}

// replyOutput prints what send shows: text or NDJSON events. Text goes to
// a terminal as it streams; into a pipe or file only the final text is
// written (message.stop's final_text is authoritative and may revise what
// streamed), or, when the turn ends without one, the last text seen.
type replyOutput struct {
	env     *Env
	json    *ndjson
	lane    frame.Lane
	name    string            // the lane's name in the directory
	printed map[string]string // message id → sanitised text already printed
	held    string            // not on a terminal: the newest text not printed yet
	open    bool              // text was printed without a final newline
}

func newReplyOutput(env *Env, asJSON bool, l frame.Lane, name string) *replyOutput {
	r := &replyOutput{env: env, lane: l, name: name, printed: map[string]string{}}
	if asJSON {
		r.json = newNDJSON(env.Stdout)
	}
	return r
}

func (r *replyOutput) sent(id string) {
	if r.json != nil {
		r.json.write(Event{Event: "sent", MessageID: termsafe.Line(id)}.withLane(r.lane))
		return
	}
	to := termsafe.Line(laneID(r.lane))
	if name := termsafe.Line(r.name); name != "" && name != to {
		to = name + " (" + to + ")"
	}
	fmt.Fprintf(r.env.Stderr, "iris: ✓ sent %s to %s\n", termsafe.Line(id), to)
}

// text prints the part of message id's text not printed yet. A text that
// does not extend what was printed (the agent rewrote it) prints nothing
// until it does, so nothing is ever printed twice; a final text that
// revises what a terminal already shows is printed whole after a note on
// stderr.
func (r *replyOutput) text(id, full string, final bool) {
	safe := termsafe.Text(full)
	prev := r.printed[id]
	if final {
		r.held = ""
	}
	switch {
	case r.json == nil && !r.env.Terminal && !final:
		r.held = safe
	case strings.HasPrefix(safe, prev) && len(safe) > len(prev):
		r.printed[id] = safe
		r.write(id, safe[len(prev):])
	case final && r.json == nil && safe != prev:
		r.endLine()
		fmt.Fprintln(r.env.Stderr, "iris: the agent revised its reply; the final text:")
		r.printed[id] = safe
		r.write(id, safe)
	}
	if final && r.json != nil {
		r.json.write(Event{Event: "reply", MessageID: termsafe.Line(id), Text: safe}.withLane(r.lane))
	}
}

// write prints delta, new text of message id.
func (r *replyOutput) write(id, delta string) {
	if r.json != nil {
		r.json.write(Event{Event: "delta", MessageID: termsafe.Line(id), Text: delta}.withLane(r.lane))
		return
	}
	io.WriteString(r.env.Stdout, delta)
	r.open = !strings.HasSuffix(delta, "\n")
}

// endLine ends a line of text left open.
func (r *replyOutput) endLine() {
	if r.open {
		io.WriteString(r.env.Stdout, "\n")
		r.open = false
	}
}

func (r *replyOutput) tool(phase, name, preview string, ok *bool) {
	if r.json != nil {
		r.json.write(Event{Event: "tool", Phase: phase, Name: termsafe.Line(name), Preview: termsafe.Line(preview), OK: ok}.withLane(r.lane))
	}
}

func (r *replyOutput) picker(p pickerView) {
	if r.json != nil {
		r.json.write(p.event())
	}
}

// finish ends the output for the turn's outcome err and returns err.
func (r *replyOutput) finish(err error) error {
	if r.held != "" {
		io.WriteString(r.env.Stdout, r.held)
		r.open = !strings.HasSuffix(r.held, "\n")
	}
	r.endLine()
	if r.json != nil {
		status := "ok"
		switch codeOf(err) {
		case ExitOK:
		case ExitTurnFailed:
			status = "failed"
		case ExitPickerWaiting:
			status = "picker_waiting"
		case ExitInterrupted:
			status = "interrupted"
		default:
			status = "error"
		}
		if e, ok := err.(*exitError); ok && e.status != "" {
			status = e.status
		}
		r.json.write(endEvent(status, codeOf(err), err))
	}
	return err
}
