package conformance

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
)

// obj is a JSON object the kit sends.
type obj = map[string]any

// laneFields puts a lane into a request's envelope, as the spec's examples do
// (chat_id at the top level, thread_id null for a flat lane).
func laneFields(l frame.Lane, fields obj) obj {
	fields["chat_id"] = l.ChatID
	if l.ThreadID != "" {
		fields["thread_id"] = l.ThreadID
	} else {
		fields["thread_id"] = nil
	}
	return fields
}

// request sends a request of typ with a fresh id (in lane l unless l is
// the zero lane) and returns the id and the mark before it.
func (c *conn) request(typ string, l frame.Lane, payload obj) (id int64, from int, err error) {
	fields := obj{"type": typ, "payload": payload}
	if l != (frame.Lane{}) {
		laneFields(l, fields)
	}
	return c.requestFields(fields)
}

// requestFields sends a request made of fields, with a fresh id unless
// fields has one, and returns the id and the mark before it.
func (c *conn) requestFields(fields obj) (id int64, from int, err error) {
	id, ok := fields["id"].(int64)
	if !ok {
		id = c.k.nextID()
		fields["id"] = id
	}
	from = c.mark()
	return id, from, c.send(fields)
}

// response waits for the frame answering request id (its response or an
// `error` with its id).
func (c *conn) response(ctx context.Context, from int, id int64, typ string) (in, error) {
	f, _, err := c.wait(ctx, from, fmt.Sprintf("response to %s (id %d)", typ, id), func(f in) bool {
		return f.bin == nil && f.ID == id
	})
	return f, err
}

// call sends a request and returns its response or error frame.
func (c *conn) call(ctx context.Context, typ string, l frame.Lane, payload obj) (in, error) {
	id, from, err := c.request(typ, l, payload)
	if err != nil {
		return in{}, err
	}
	return c.response(ctx, from, id, typ)
}

// expect sends a request and returns its response, which must be of type
// want; an `error` or another type is the failure.
func (c *conn) expect(ctx context.Context, typ string, l frame.Lane, payload obj, want string) (in, error) {
	f, err := c.call(ctx, typ, l, payload)
	if err != nil {
		return f, err
	}
	if f.Type != want {
		return f, fmt.Errorf("%s (id %d) was answered with %s, want %s", typ, f.ID, f.describe(), want)
	}
	return f, nil
}

// history requests one page of lane l and returns it.
func (c *conn) history(ctx context.Context, l frame.Lane, payload obj) (*frame.History, error) {
	f, err := c.expect(ctx, frame.TypeHistory, l, payload, frame.TypeHistory)
	if err != nil {
		return nil, err
	}
	h, ok := f.Payload.(*frame.History)
	if !ok {
		return nil, fmt.Errorf("history (id %d): the payload is not a history page", f.ID)
	}
	return h, nil
}

// refused sends a request that must be answered with an `error` of code
// (any code when code is "") carrying the request's id.
func (c *conn) refused(ctx context.Context, typ string, l frame.Lane, payload obj, code string) error {
	id, from, err := c.request(typ, l, payload)
	if err != nil {
		return err
	}
	f, err := c.response(ctx, from, id, typ)
	if err != nil {
		return err
	}
	return wantError(f, fmt.Sprintf("%s (id %d)", typ, id), code)
}

// wantError checks that f, the answer to what (a request, named with its
// id when it has one), is an `error` of code (any code when code is "").
func wantError(f in, what, code string) error {
	if f.Type != frame.TypeError || (code != "" && f.errCode() != code) {
		return fmt.Errorf("%s was answered with %s, want error %s", what, f.describe(), orAny(code))
	}
	return nil
}

func orAny(code string) string {
	if code == "" {
		return "(any code)"
	}
	return code
}

// expectOK sends a request whose response type the spec leaves open and
// returns its response, which must not be an `error`.
func (c *conn) expectOK(ctx context.Context, typ string, l frame.Lane, payload obj) (in, error) {
	f, err := c.call(ctx, typ, l, payload)
	if err == nil && f.Type == frame.TypeError {
		err = fmt.Errorf("%s (id %d) was answered with %s", typ, f.ID, f.describe())
	}
	return f, err
}
