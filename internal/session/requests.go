package session

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// Failed reports a failed fire-and-report request (agent.stop, a menu's
// request) with what it was for: a Reply.
type Failed struct {
	What string
	Err  error
	Text string // the user's text the request carried, quoted back so it is not lost
}

func (f Failed) handle(*Engine) Result {
	return Result{Notices: []Notice{f.Notice()}}
}

// Notice words the failure, quoting back the text the user typed for it.
func (f Failed) Notice() Notice {
	if f.Text != "" {
		return Notice{Level: LevelError, Text: fmt.Sprintf("%s failed: %v (you typed %q)", f.What, f.Err, termsafe.Line(f.Text))}
	}
	return Notice{Level: LevelError, Text: fmt.Sprintf("%s failed: %v", f.What, f.Err)}
}

// Fire is the work of a request whose success needs no handling; a
// failure comes back as a Failed.
func (e *Engine) Fire(what string, f frame.Frame) Work {
	return e.Request(f, func(_ frame.Frame, err error) any {
		if err != nil {
			return Failed{What: what, Err: err, Text: TypedText(f)}
		}
		return nil
	})
}

// TypedText is the text the user typed that request f carries (a
// channel's name), or "".
func TypedText(f frame.Frame) string {
	switch p := f.Payload.(type) {
	case *frame.ChannelCreate:
		return p.Name
	case *frame.ChannelRename:
		return p.Name
	}
	return ""
}

// SendFrames is the work of frames sent without waiting for answers (read
// receipts); a failure comes back as a Failed. Nil over a Conn that is
// not a Sender.
func (e *Engine) SendFrames(fs ...frame.Frame) Work {
	c, ok := e.opts.Conn.(Sender)
	if !ok {
		return nil
	}
	return func(context.Context) any {
		for _, f := range fs {
			if err := c.Send(f); err != nil {
				return Failed{What: f.Type, Err: err}
			}
		}
		return nil
	}
}

// Stop sends agent.stop for lane l. The spec gives it no response: the
// lane's agent.idle shows it worked, only an error with its id (or a lost
// connection) is a failure, never silence, after which a lane still busy
// says so (StopUnconfirmed).
func (e *Engine) Stop(l frame.Lane) Result {
	e.st.StopRequested(l)
	c, timeout := e.opts.Conn, e.opts.RequestTimeout
	r := Result{Notices: []Notice{{Level: LevelInfo, Text: "stopping the agent…"}}}
	r.run(func(ctx context.Context) any {
		confirmed, err := Post(ctx, c, timeout, LaneFrame(frame.TypeAgentStop, l, &frame.Empty{}))
		switch {
		case err != nil:
			return Failed{What: "stop", Err: err}
		case !confirmed:
			return StopUnconfirmed{Lane: l}
		}
		return nil
	})
	return r
}

// StopUnconfirmed: nothing answered the agent.stop for Lane: a Reply.
type StopUnconfirmed struct{ Lane frame.Lane }

func (s StopUnconfirmed) handle(e *Engine) Result {
	var r Result
	if ln := e.st.Lane(s.Lane); ln != nil && ln.Busy {
		r.notify(LevelInfo, "stop sent, not confirmed: the agent is still running (esc to try again)")
	}
	return r
}
