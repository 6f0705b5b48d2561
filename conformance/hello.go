package conformance

import (
	"context"
	"fmt"
	"time"

	"github.com/hermes/iris/frame"
)

// helloTimeout is how long hello.ack may take (PROTOCOL-NOTES).
const helloTimeout = 10 * time.Second

// connect opens a connection for role and says hello with the kit's token;
// it returns the connection and the gateway's hello.ack.
func (k *kit) connect(ctx context.Context, role string) (*conn, *frame.HelloAck, error) {
	return k.connectWith(ctx, role, k.opts.Token)
}

// connectWith is connect with the given token. An answer to hello other
// than hello.ack is the error.
func (k *kit) connectWith(ctx context.Context, role, token string) (*conn, *frame.HelloAck, error) {
	c, err := k.dial(ctx, k.device(role))
	if err != nil {
		return nil, nil, err
	}
	f, err := c.hello(ctx, token)
	if err != nil {
		return c, nil, err
	}
	if f.Type != frame.TypeHelloAck {
		return c, nil, fmt.Errorf("hello was answered with %s, want hello.ack", f.describe())
	}
	ack, ok := f.Payload.(*frame.HelloAck)
	if !ok || f.badErr != nil {
		return c, nil, fmt.Errorf("hello.ack could not be read: %v", f.badErr)
	}
	k.mu.Lock()
	if k.def == "" {
		k.def = defaultOf(ack.Channels)
	}
	k.mu.Unlock()
	return c, ack, nil
}

// hello sends the spec's hello and returns the gateway's answer: the first
// hello.ack or error.
func (c *conn) hello(ctx context.Context, token string) (in, error) {
	from := c.mark()
	err := c.send(obj{"type": frame.TypeHello, "payload": obj{
		"token": token, "device_id": c.device, "device_name": "iris conformance",
		"caps": obj{"min_protocol": frame.Version, "media": true, "push": "none"},
	}})
	if err != nil {
		return in{}, err
	}
	hctx, cancel := context.WithTimeout(ctx, helloTimeout)
	defer cancel()
	f, _, err := c.wait(hctx, from, "hello.ack", func(f in) bool {
		return f.bin == nil && (f.Type == frame.TypeHelloAck || f.Type == frame.TypeError)
	})
	if err != nil && ctx.Err() == nil && hctx.Err() != nil {
		err = fmt.Errorf("no answer to hello within %s", helloTimeout)
	}
	return f, err
}

// directory returns the channel directory as a fresh connection's
// hello.ack lists it.
func (k *kit) directory(ctx context.Context) ([]frame.Channel, error) {
	c, ack, err := k.connect(ctx, "directory")
	if c != nil {
		defer func() { k.keep(c); c.close() }()
	}
	if err != nil {
		return nil, err
	}
	return ack.Channels, nil
}

// defaultOf returns the chat id of the (first) default channel of dir,
// "" when none is marked.
func defaultOf(dir []frame.Channel) string {
	for _, ch := range dir {
		if isDefault(ch) {
			return ch.ChatID
		}
	}
	return ""
}

// isDefault reports whether a directory entry is marked as the default
// channel: is_default true, or kind "default" without is_default.
func isDefault(ch frame.Channel) bool {
	if ch.IsDefault != nil {
		return *ch.IsDefault
	}
	return ch.Kind == frame.KindDefault
}

// findChat returns the entry of dir that is the channel chat (not one of
// its threads), or nil.
func findChat(dir []frame.Channel, chat string) *frame.Channel {
	for i, ch := range dir {
		if ch.ChatID == chat && !isThread(ch) {
			return &dir[i]
		}
	}
	return nil
}

// isThread reports whether a directory entry is a thread.
func isThread(ch frame.Channel) bool {
	return ch.Kind == frame.KindThread || ch.ThreadID.Valid
}

// threadOf reports whether entry ch is a thread of channel chat: it names
// the channel as its chat_id with its own thread_id, or as parent_chat_id.
func threadOf(ch frame.Channel, chat string) bool {
	return isThread(ch) && (ch.ParentChatID.Val == chat || (ch.ChatID == chat && ch.ThreadID.Valid))
}

// entryLane is the lane a directory entry names, as the pair it carries
// (PROTOCOL-NOTES: key by (chat_id, thread_id)).
func entryLane(ch frame.Channel) frame.Lane {
	return frame.Lane{ChatID: ch.ChatID, ThreadID: ch.ThreadID.Val}
}
