package conformance

import (
	"context"
	"fmt"
	"slices"

	"github.com/hermes/iris/frame"
)

// syncReplay: what happens while a device is offline is replayed by its
// next sync from the cursor it reached: every replayed frame carries a
// cursor above it, in increasing order, sync.done's cursor covers them, a
// sync from that cursor replays nothing again, and live frames carry no
// cursor.
func syncReplay(ctx context.Context, k *kit) error {
	a, _, err := k.connect(ctx, "sync-a")
	if err != nil {
		return err
	}
	b, ack, err := k.connect(ctx, "sync-b")
	if err != nil {
		return err
	}
	_, cursor, err := b.sync(ctx, ack.SyncCursor)
	if err != nil {
		return err
	}
	b.close()

	live := a.mark()
	ch, err := k.createChannel(ctx, a, "sync")
	if err != nil {
		return err
	}
	lane := frame.Lane{ChatID: ch.ChatID}
	if _, err := a.expect(ctx, frame.TypeChannelRename, lane, obj{"name": k.name("sync renamed")}, frame.TypeChannelRenamed); err != nil {
		return err
	}
	text := k.name("sync message (a test of the gateway; no answer needed)")
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
	for _, f := range a.since(live) {
		if f.Cursor != 0 {
			return fmt.Errorf("the live frame %s carries cursor %d; only frames replayed by sync may", f.describe(), f.Cursor)
		}
	}

	b, _, err = k.connect(ctx, "sync-b")
	if err != nil {
		return err
	}
	replayed, done, err := b.sync(ctx, cursor)
	if err != nil {
		return err
	}
	last := cursor
	for _, f := range replayed {
		if f.Cursor <= last {
			return fmt.Errorf("sync from cursor %d replayed %s with cursor %d after cursor %d: want increasing cursors above %d", cursor, f.describe(), f.Cursor, last, cursor)
		}
		last = f.Cursor
	}
	switch {
	case !slices.ContainsFunc(replayed, func(f in) bool { return f.Type == frame.TypeChannelRenamed && chatOf(f) == ch.ChatID }):
		return fmt.Errorf("sync from cursor %d did not replay the channel.renamed of %s sent while the device was offline", cursor, ch.ChatID)
	case !slices.ContainsFunc(replayed, func(f in) bool { return f.Type == frame.TypeMessageDeleted && deletes(f, id) }):
		return fmt.Errorf("sync from cursor %d did not replay the message.deleted of %s sent while the device was offline", cursor, id)
	case done < last:
		return fmt.Errorf("sync.done's cursor %d is below the last replayed cursor %d", done, last)
	}
	again, _, err := b.sync(ctx, done)
	if err != nil {
		return err
	}
	if len(again) > 0 {
		return fmt.Errorf("sync from sync.done's cursor %d replayed %d frames again (first %s, cursor %d)", done, len(again), again[0].describe(), again[0].Cursor)
	}
	return nil
}

// sync sends sync from cursor and returns the frames replayed (those
// carrying a cursor) before sync.done, and sync.done's cursor.
func (c *conn) sync(ctx context.Context, cursor int64) ([]in, int64, error) {
	id, from, err := c.request(frame.TypeSync, frame.Lane{}, obj{"cursor": cursor})
	if err != nil {
		return nil, 0, err
	}
	f, end, err := c.wait(ctx, from, fmt.Sprintf("sync.done (id %d)", id), withID(id))
	if err != nil {
		return nil, 0, err
	}
	done, ok := f.Payload.(*frame.SyncDone)
	if f.Type != frame.TypeSyncDone || !ok {
		return nil, 0, fmt.Errorf("sync (id %d) was answered with %s, want sync.done", id, f.describe())
	}
	var replayed []in
	for _, r := range c.since(from)[:end-1-from] {
		if r.Cursor != 0 {
			replayed = append(replayed, r)
		}
	}
	return replayed, done.Cursor, nil
}

// chatOf returns the chat id a channel.* frame is about.
func chatOf(f in) string {
	if ch, ok := f.Payload.(*frame.Channel); ok {
		return ch.ChatID
	}
	return ""
}

// deletes reports whether a message.deleted frame names message id.
func deletes(f in, id string) bool {
	d, ok := f.Payload.(*frame.MessageDeleted)
	return ok && slices.Contains(d.MessageIDs, id)
}
