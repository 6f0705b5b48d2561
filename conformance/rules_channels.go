package conformance

import (
	"context"
	"errors"
	"fmt"

	"github.com/hermes/iris/frame"
)

// channelCreateRename: channel.create answers channel.created with the new
// channel's chat_id and name, channel.rename answers channel.renamed with
// the new name, and a fresh hello.ack lists the channel under it.
func channelCreateRename(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "channels")
	if err != nil {
		return err
	}
	ch, err := k.createChannel(ctx, c, "create")
	if err != nil {
		return err
	}
	switch {
	case ch.Name != k.name("create"):
		return fmt.Errorf("channel.created names the channel %q, want %q", ch.Name, k.name("create"))
	case isThread(ch) || (ch.Kind != "" && ch.Kind != frame.KindChannel):
		return fmt.Errorf("channel.created gives kind %q to a channel created with kind %q", ch.Kind, frame.KindChannel)
	}
	name := k.name("renamed")
	f, err := c.expect(ctx, frame.TypeChannelRename, frame.Lane{ChatID: ch.ChatID}, obj{"name": name}, frame.TypeChannelRenamed)
	if err != nil {
		return err
	}
	if r, _ := f.Payload.(*frame.Channel); r == nil || r.ChatID != ch.ChatID || r.Name != name {
		return fmt.Errorf("channel.renamed names %q as %q, want %s as %q", chatOf(f), nameOf(f), ch.ChatID, name)
	}
	dir, err := k.directory(ctx)
	if err != nil {
		return err
	}
	switch e := findChat(dir, ch.ChatID); {
	case e == nil:
		return fmt.Errorf("a fresh hello.ack does not list the new channel %s", ch.ChatID)
	case e.Name != name:
		return fmt.Errorf("a fresh hello.ack lists %s as %q, want %q", ch.ChatID, e.Name, name)
	}
	return nil
}

// channelSetDefault: channel.set_default makes the channel the one
// default of the directory (and the kit puts the old default back).
func channelSetDefault(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "set-default")
	if err != nil {
		return err
	}
	ch, err := k.createChannel(ctx, c, "default")
	if err != nil {
		return err
	}
	if err := k.setDefault(ctx, c, ch.ChatID); err != nil {
		return err
	}
	return k.setDefault(ctx, c, k.def)
}

// setDefault makes chat the default channel and checks that a fresh
// hello.ack shows it as the only default.
func (k *kit) setDefault(ctx context.Context, c *conn, chat string) error {
	if chat == "" {
		return errors.New("no default channel is known (hello.ack marked none)")
	}
	if _, err := c.expectOK(ctx, frame.TypeChannelSetDef, frame.Lane{ChatID: chat}, obj{}); err != nil {
		return err
	}
	dir, err := k.directory(ctx)
	if err != nil {
		return err
	}
	n := 0
	for _, e := range dir {
		if isDefault(e) {
			n++
		}
	}
	if got := defaultOf(dir); got != chat || n != 1 {
		return fmt.Errorf("after channel.set_default of %s a fresh hello.ack marks %d default channels, the first %q", chat, n, got)
	}
	return nil
}

// defaultNotDeletable: channel.delete of the default channel is refused
// with an error and the channel stays; once it is no longer the default,
// channel.delete answers channel.deleted and the channel is gone. Only a
// channel of the kit is ever made the default for this.
func defaultNotDeletable(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "undeletable")
	if err != nil {
		return err
	}
	ch, err := k.createChannel(ctx, c, "undeletable")
	if err != nil {
		return err
	}
	lane := frame.Lane{ChatID: ch.ChatID}
	if err := k.setDefault(ctx, c, ch.ChatID); err != nil {
		return err
	}
	refusal := c.refused(ctx, frame.TypeChannelDelete, lane, obj{}, "")
	if err := k.setDefault(ctx, c, k.def); err != nil {
		return err
	}
	if refusal != nil {
		return fmt.Errorf("the default channel: %w", refusal)
	}
	if _, err := c.expect(ctx, frame.TypeChannelDelete, lane, obj{}, frame.TypeChannelDeleted); err != nil {
		return fmt.Errorf("once no longer the default: %w", err)
	}
	dir, err := k.directory(ctx)
	if err != nil {
		return err
	}
	if findChat(dir, ch.ChatID) != nil {
		return fmt.Errorf("a fresh hello.ack still lists %s after channel.deleted", ch.ChatID)
	}
	return nil
}

// deleteWithThreads: deleting a channel deletes its threads: a thread
// minted by message.send auto_thread is gone from the directory, and its
// history is not_found.
func deleteWithThreads(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "threads")
	if err != nil {
		return err
	}
	ch, err := k.createChannel(ctx, c, "threads")
	if err != nil {
		return err
	}
	lane := frame.Lane{ChatID: ch.ChatID}
	from := c.mark()
	if err := c.sendText(lane, k.name("thread starter (a test of the gateway; no answer needed)"), obj{"auto_thread": true}); err != nil {
		return err
	}
	f, _, err := c.wait(ctx, from, fmt.Sprintf("channel.created of a thread of %s (message.send with auto_thread)", ch.ChatID), func(f in) bool {
		e, ok := f.Payload.(*frame.Channel)
		return ok && f.Type == frame.TypeChannelCreated && threadOf(*e, ch.ChatID)
	})
	if err != nil {
		return err
	}
	thread := entryLane(*f.Payload.(*frame.Channel))
	if _, err := c.expect(ctx, frame.TypeChannelDelete, lane, obj{}, frame.TypeChannelDeleted); err != nil {
		return err
	}
	if err := c.refused(ctx, frame.TypeHistory, thread, obj{"limit": 1}, frame.CodeNotFound); err != nil {
		return fmt.Errorf("the thread %s after its channel was deleted: %w", thread, err)
	}
	dir, err := k.directory(ctx)
	if err != nil {
		return err
	}
	for _, e := range dir {
		if e.ChatID == ch.ChatID || threadOf(e, ch.ChatID) {
			return fmt.Errorf("a fresh hello.ack still lists %s after its channel was deleted", entryLane(e))
		}
	}
	return nil
}

// nameOf returns the name a channel.* frame gives.
func nameOf(f in) string {
	if ch, ok := f.Payload.(*frame.Channel); ok {
		return ch.Name
	}
	return ""
}
