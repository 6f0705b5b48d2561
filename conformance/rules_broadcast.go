package conformance

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
)

// broadcastSecondDevice: channel.created, channel.renamed, message.deleted
// and channel.deleted reach a second connected device, not only the one
// that asked.
func broadcastSecondDevice(ctx context.Context, k *kit) error {
	a, _, err := k.connect(ctx, "broadcast-a")
	if err != nil {
		return err
	}
	b, _, err := k.connect(ctx, "broadcast-b")
	if err != nil {
		return err
	}
	from := b.mark()
	ch, err := k.createChannel(ctx, a, "broadcast")
	if err != nil {
		return err
	}
	lane := frame.Lane{ChatID: ch.ChatID}
	if err := b.seeChannel(ctx, from, frame.TypeChannelCreated, ch.ChatID); err != nil {
		return err
	}
	if _, err := a.expect(ctx, frame.TypeChannelRename, lane, obj{"name": k.name("broadcast renamed")}, frame.TypeChannelRenamed); err != nil {
		return err
	}
	if err := b.seeChannel(ctx, from, frame.TypeChannelRenamed, ch.ChatID); err != nil {
		return err
	}
	text := k.name("broadcast message (a test of the gateway; no answer needed)")
	if err := a.sendText(lane, text, nil); err != nil {
		return err
	}
	sent, err := a.findSent(ctx, lane, text)
	if err != nil {
		return err
	}
	id := sent[0].MessageID
	if _, err := a.expect(ctx, frame.TypeMessageDelete, lane, obj{"message_ids": []string{id}}, frame.TypeMessageDeleted); err != nil {
		return err
	}
	if _, _, err := b.wait(ctx, from, fmt.Sprintf("message.deleted of %s on the second device", id), func(f in) bool {
		return f.Type == frame.TypeMessageDeleted && deletes(f, id)
	}); err != nil {
		return err
	}
	if _, err := a.expect(ctx, frame.TypeChannelDelete, lane, obj{}, frame.TypeChannelDeleted); err != nil {
		return err
	}
	return b.seeChannel(ctx, from, frame.TypeChannelDeleted, ch.ChatID)
}

// seeChannel waits for a channel event of typ about chat from position
// from on.
func (c *conn) seeChannel(ctx context.Context, from int, typ, chat string) error {
	_, _, err := c.wait(ctx, from, fmt.Sprintf("%s of %s on the second device", typ, chat), func(f in) bool {
		return f.Type == typ && chatOf(f) == chat
	})
	return err
}
