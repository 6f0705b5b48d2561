package conformance

import (
	"context"
	"errors"
	"fmt"

	"github.com/hermes/iris/frame"
)

// helloAck: hello is answered with a hello.ack whose directory has exactly
// one default channel and whose cursors are not negative, and the
// connection then serves ping with pong.
func helloAck(ctx context.Context, k *kit) error {
	c, ack, err := k.connect(ctx, "hello")
	if err != nil {
		return err
	}
	defaults := 0
	for _, ch := range ack.Channels {
		if isDefault(ch) {
			defaults++
		}
	}
	switch {
	case defaults != 1:
		return fmt.Errorf("hello.ack lists %d default channels (of %d), want exactly one", defaults, len(ack.Channels))
	case ack.SyncCursor < 0 || ack.LastPushedCursor < 0:
		return fmt.Errorf("hello.ack has a negative cursor (sync_cursor %d, last_pushed_cursor %d)", ack.SyncCursor, ack.LastPushedCursor)
	}
	from := c.mark()
	if err := c.send(obj{"type": frame.TypePing, "payload": obj{"ts": 1}}); err != nil {
		return err
	}
	_, _, err = c.wait(ctx, from, "pong to a ping after hello.ack", isType(frame.TypePong))
	return err
}

// versionRejected: a frame of another major version is not applied: it is
// refused with an error carrying its id, or the connection is closed.
func versionRejected(ctx context.Context, k *kit) error {
	c, f, _, err := foreignVersion(ctx, k, "version")
	switch {
	case errors.Is(err, errClosed):
		return nil
	case err != nil:
		return err
	case f.Type == frame.TypePong:
		return errors.New(`a ping with "v":2 was applied (answered with pong)`)
	}
	if late := c.quiet(ctx, c.mark(), isType(frame.TypePong)); len(late) > 0 {
		return errors.New(`a ping with "v":2 was answered with an error and then applied (pong)`)
	}
	return nil
}

// errorUnsupported: the error for a frame of another major version has
// code unsupported.
func errorUnsupported(ctx context.Context, k *kit) error {
	_, f, id, err := foreignVersion(ctx, k, "unsupported")
	switch {
	case errors.Is(err, errClosed):
		return errors.New(`the gateway closed the connection on a "v":2 frame instead of answering error unsupported`)
	case err != nil:
		return err
	}
	return wantError(f, fmt.Sprintf(`a ping with "v":2 (id %d)`, id), frame.CodeUnsupported)
}

// foreignVersion sends a ping of protocol v2 with an id on a fresh
// connection and returns the first pong or error for it, and its id.
func foreignVersion(ctx context.Context, k *kit, role string) (*conn, in, int64, error) {
	c, _, err := k.connect(ctx, role)
	if err != nil {
		return nil, in{}, 0, err
	}
	id, from := k.nextID(), c.mark()
	if err := c.send(obj{"v": 2, "id": id, "type": frame.TypePing, "payload": obj{"ts": 1}}); err != nil {
		return c, in{}, id, err
	}
	f, _, err := c.wait(ctx, from, fmt.Sprintf(`error for a ping with "v":2 (id %d)`, id), func(f in) bool {
		return f.isErr(id) || f.Type == frame.TypePong
	})
	return c, f, id, err
}

// isType matches JSON frames of type t.
func isType(t string) func(in) bool {
	return func(f in) bool { return f.bin == nil && f.Type == t }
}
