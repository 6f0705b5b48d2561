package conformance

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
)

// deleteIdempotent: message.delete answers message.deleted naming the
// message, history no longer lists it, and deleting it again still answers
// message.deleted (the spec: idempotent).
func deleteIdempotent(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	c := fx.c
	text := k.name("delete me (a test of the gateway; no answer needed)")
	if err := c.sendText(fx.lane, text, nil); err != nil {
		return err
	}
	sent, err := c.findSent(ctx, fx.lane, text)
	if err != nil {
		return err
	}
	id := sent[0].MessageID
	for _, attempt := range []string{"message.delete", "a second message.delete of the same message"} {
		f, err := c.expect(ctx, frame.TypeMessageDelete, fx.lane, obj{"message_ids": []string{id}}, frame.TypeMessageDeleted)
		if err != nil {
			return fmt.Errorf("%s: %w", attempt, err)
		}
		if !deletes(f, id) {
			return fmt.Errorf("%s: message.deleted does not name %s", attempt, id)
		}
		h, err := c.history(ctx, fx.lane, obj{"limit": historyMax})
		if err != nil {
			return err
		}
		if indexOf(h.Messages, id) >= 0 {
			return fmt.Errorf("after %s history still lists %s", attempt, id)
		}
	}
	return nil
}
