package conformance

import (
	"context"
	"fmt"
	"time"

	"github.com/hermes/iris/frame"
)

// fixtureMessages is how many messages the shared lane gets.
const fixtureMessages = 3

// fixture is the lane several rules share: a channel of this run with
// fixtureMessages user messages, sent by one connection that stays open for
// the whole run (so rules can look at what it received).
type fixture struct {
	c    *conn
	lane frame.Lane
	from int             // c's mark before the first message.send
	sent []frame.Message // the messages as history shows them, in sending order
}

// messages returns the shared lane, building it on first use.
func (k *kit) messages(ctx context.Context) (*fixture, error) {
	if k.fix == nil && k.fixErr == nil {
		k.fix, k.fixErr = k.buildFixture(ctx)
		if k.fixErr != nil {
			k.fixErr = fmt.Errorf("setting up the lane of messages: %w", k.fixErr)
		}
	}
	return k.fix, k.fixErr
}

func (k *kit) buildFixture(ctx context.Context) (*fixture, error) {
	c, _, err := k.connect(ctx, "a")
	if c != nil {
		k.keep(c)
	}
	if err != nil {
		if c != nil {
			c.close()
		}
		return nil, err
	}
	ch, err := k.createChannel(ctx, c, "messages")
	if err != nil {
		c.close()
		return nil, err
	}
	f := &fixture{c: c, lane: frame.Lane{ChatID: ch.ChatID}, from: c.mark()}
	texts := make([]string, fixtureMessages)
	for i := range texts {
		texts[i] = fmt.Sprintf("%s message %d of %d (a test of the gateway; no answer needed)", k.name(""), i+1, fixtureMessages)
		if err := c.sendText(f.lane, texts[i], nil); err != nil {
			c.close()
			return nil, err
		}
	}
	if f.sent, err = c.findSent(ctx, f.lane, texts...); err != nil {
		c.close()
		return nil, err
	}
	return f, nil
}

// createChannel creates a channel of this run for purpose and returns its
// entry from the channel.created response.
func (k *kit) createChannel(ctx context.Context, c *conn, purpose string) (frame.Channel, error) {
	f, err := c.expect(ctx, frame.TypeChannelCreate, frame.Lane{}, obj{"name": k.name(purpose), "kind": frame.KindChannel}, frame.TypeChannelCreated)
	if err != nil {
		return frame.Channel{}, err
	}
	ch, ok := f.Payload.(*frame.Channel)
	if !ok || ch.ChatID == "" {
		return frame.Channel{}, fmt.Errorf("channel.created (id %d) names no chat_id", f.ID)
	}
	return *ch, nil
}

// sendText sends a message.send of text in lane l with extra payload
// fields. The spec gives message.send no response of its own, so none is
// awaited: the message is looked up in history (findSent).
func (c *conn) sendText(l frame.Lane, text string, extra obj) error {
	p := obj{"text": text}
	for k, v := range extra {
		p[k] = v
	}
	_, _, err := c.request(frame.TypeMessageSend, l, p)
	return err
}

// pollEvery is the pause between two history requests while the kit waits
// for a sent message to be stored.
const pollEvery = 100 * time.Millisecond

// findSent waits until lane l's history holds a user message of each text
// and returns them, in the order of texts.
func (c *conn) findSent(ctx context.Context, l frame.Lane, texts ...string) ([]frame.Message, error) {
	for {
		h, err := c.history(ctx, l, obj{"limit": 200})
		if err != nil {
			return nil, err
		}
		found := make([]frame.Message, 0, len(texts))
		for _, t := range texts {
			if m := findText(h.Messages, t); m != nil {
				found = append(found, *m)
			}
		}
		if len(found) == len(texts) {
			return found, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%d of %d sent messages never showed in the lane's history (limit 200)", len(texts)-len(found), len(texts))
		case <-time.After(pollEvery):
		}
	}
}

// findText returns the user message of msgs whose text is text, or nil.
func findText(msgs []frame.Message, text string) *frame.Message {
	for i, m := range msgs {
		if m.Role == frame.RoleUser && m.Text == text {
			return &msgs[i]
		}
	}
	return nil
}

// indexOf returns the position of message id in msgs, or -1.
func indexOf(msgs []frame.Message, id string) int {
	for i, m := range msgs {
		if m.MessageID == id {
			return i
		}
	}
	return -1
}
