package conformance

import (
	"context"
	"fmt"

	"github.com/hermes/iris/frame"
)

// receiptOnSend: each message.send handed to the agent is acknowledged to
// its sender with a read.receipt naming the stored message and its lane.
func receiptOnSend(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	for i, m := range fx.sent {
		f, _, err := fx.c.wait(ctx, fx.from, fmt.Sprintf("read.receipt for message %d of %d (%s)", i+1, len(fx.sent), m.MessageID), isReceipt(m.MessageID))
		if err != nil {
			return err
		}
		if got := f.Lane(); got.ChatID != fx.lane.ChatID {
			return fmt.Errorf("the read.receipt for %s names lane %q, the message was sent to %s", m.MessageID, got, fx.lane)
		}
	}
	return nil
}

// receiptToOtherDevices: a device's read.receipt reaches the other
// connected devices, and does not come back to the device that sent it.
func receiptToOtherDevices(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	b, _, err := k.connect(ctx, "receipt-b")
	if err != nil {
		return err
	}
	id := fx.sent[0].MessageID
	aFrom, bFrom := fx.c.mark(), b.mark()
	if err := fx.c.send(obj{"type": frame.TypeReadReceipt, "payload": obj{"chat_id": fx.lane.ChatID, "message_id": id}}); err != nil {
		return err
	}
	if _, _, err := b.wait(ctx, bFrom, fmt.Sprintf("read.receipt for %s on the second device", id), isReceipt(id)); err != nil {
		return err
	}
	if back := fx.c.quiet(ctx, aFrom, isReceipt(id)); len(back) > 0 {
		return fmt.Errorf("the read.receipt for %s came back to the device that sent it (the spec broadcasts it to the other devices)", id)
	}
	return nil
}

// isReceipt matches read.receipt frames for message id.
func isReceipt(id string) func(in) bool {
	return func(f in) bool {
		r, ok := f.Payload.(*frame.ReadReceipt)
		return ok && f.Type == frame.TypeReadReceipt && r.MessageID == id
	}
}
