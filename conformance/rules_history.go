package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hermes/iris/frame"
)

// History limits of the spec.
const (
	historyDefault = 50
	historyMax     = 200
)

// historyOrder: a page lists messages oldest → newest: the kit's messages
// in the order sent, timestamps (where given) never going back, no
// message twice.
func historyOrder(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	h, err := fx.c.history(ctx, fx.lane, obj{"limit": historyMax})
	if err != nil {
		return err
	}
	pos := -1
	for i, m := range fx.sent {
		j := indexOf(h.Messages, m.MessageID)
		switch {
		case j < 0:
			return fmt.Errorf("message %d of %d (%s) is missing from the page", i+1, len(fx.sent), m.MessageID)
		case j < pos:
			return fmt.Errorf("message %d of %d is listed before message %d: want oldest → newest", i+1, len(fx.sent), i)
		}
		pos = j
	}
	seen := map[string]bool{}
	var prev int64
	for _, m := range h.Messages {
		if seen[m.MessageID] {
			return fmt.Errorf("message %s is listed twice", m.MessageID)
		}
		seen[m.MessageID] = true
		if m.TS > 0 && m.TS < prev {
			return fmt.Errorf("message %s (ts %d) follows one with ts %d: want oldest → newest", m.MessageID, m.TS, prev)
		}
		prev = max(prev, m.TS)
	}
	return nil
}

// historyPaging: pages of limit 2 walked with before_message_id from the
// newest page on (has_more true while older messages exist,
// oldest_message_id naming each page's first message) give the lane's
// messages exactly once, in order; before the oldest message there is an
// empty page without has_more.
func historyPaging(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	c := fx.c
	var walk []frame.Message
	before := ""
	for page := 0; ; page++ {
		p := obj{"limit": 2}
		if before != "" {
			p["before_message_id"] = before
		}
		h, err := c.history(ctx, fx.lane, p)
		if err != nil {
			return err
		}
		n := len(h.Messages)
		switch {
		case page == 0 && (n != 2 || !h.HasMore):
			return fmt.Errorf("the newest page of limit 2 has %d messages and has_more %t; the lane holds at least %d", n, h.HasMore, len(fx.sent))
		case n > 2:
			return fmt.Errorf("a page of limit 2 holds %d messages", n)
		case n > 0 && h.OldestMessageID != h.Messages[0].MessageID:
			return fmt.Errorf("oldest_message_id is %q, the page's first message is %q", h.OldestMessageID, h.Messages[0].MessageID)
		case n == 0 && h.HasMore:
			return fmt.Errorf("an empty page (before %q) says has_more", before)
		case page > historyMax:
			return fmt.Errorf("still has_more after %d pages", page)
		}
		walk = append(append([]frame.Message(nil), h.Messages...), walk...)
		if !h.HasMore || n == 0 {
			break
		}
		before = h.OldestMessageID
	}
	full, err := c.history(ctx, fx.lane, obj{"limit": historyMax})
	if err != nil {
		return err
	}
	newest := indexOf(full.Messages, walk[len(walk)-1].MessageID)
	if newest+1 != len(walk) {
		return fmt.Errorf("paging gave %d messages up to %s, a single page holds %d up to it", len(walk), walk[len(walk)-1].MessageID, newest+1)
	}
	for i, m := range walk {
		if full.Messages[i].MessageID != m.MessageID {
			return fmt.Errorf("paging gave %s at position %d, a single page %s", m.MessageID, i, full.Messages[i].MessageID)
		}
	}
	h, err := c.history(ctx, fx.lane, obj{"limit": 2, "before_message_id": walk[0].MessageID})
	switch {
	case err != nil:
		return err
	case len(h.Messages) > 0 || h.HasMore:
		return fmt.Errorf("the page before the oldest message %s has %d messages and has_more %t, want none", walk[0].MessageID, len(h.Messages), h.HasMore)
	}
	return nil
}

// maxLanesChecked bounds the directory lanes whose limits are checked.
const maxLanesChecked = 10

// historyLimits: without limit a page holds at most 50 messages (exactly
// 50 with has_more when the lane holds more), limit is capped at 200, and
// limit 1 gives one message. Checked on the kit's lane and on the first
// lanes of the directory (read only): the 50 and 200 caps show only on a
// lane that holds more.
func historyLimits(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	c := fx.c
	dir, err := k.directory(ctx)
	if err != nil {
		return err
	}
	lanes := []frame.Lane{fx.lane}
	for _, ch := range dir[:min(len(dir), maxLanesChecked)] {
		lanes = append(lanes, entryLane(ch))
	}
	for _, l := range lanes {
		if err := checkLimits(ctx, c, l); err != nil {
			return fmt.Errorf("lane %s: %w", l, err)
		}
	}
	return nil
}

func checkLimits(ctx context.Context, c *conn, l frame.Lane) error {
	all, err := c.history(ctx, l, obj{"limit": historyMax})
	if err != nil {
		return err
	}
	def, err := c.history(ctx, l, obj{})
	if err != nil {
		return err
	}
	over, err := c.history(ctx, l, obj{"limit": 500})
	if err != nil {
		return err
	}
	one, err := c.history(ctx, l, obj{"limit": 1})
	if err != nil {
		return err
	}
	n, d, o := len(all.Messages), len(def.Messages), len(over.Messages)
	switch {
	case n > historyMax:
		return fmt.Errorf("limit %d gave %d messages", historyMax, n)
	case (n > historyDefault || all.HasMore) && (d != historyDefault || !def.HasMore):
		return fmt.Errorf("without limit the page has %d messages and has_more %t; the lane holds more than %d, want %d and has_more", d, def.HasMore, historyDefault, historyDefault)
	case n <= historyDefault && !all.HasMore && d < n:
		return fmt.Errorf("without limit the page has %d messages, the lane holds %d", d, n)
	case o > historyMax:
		return fmt.Errorf("limit 500 gave %d messages, want at most %d", o, historyMax)
	case all.HasMore && (o != historyMax || !over.HasMore):
		return fmt.Errorf("limit 500 gave %d messages and has_more %t; the lane holds more than %d, want %d and has_more", o, over.HasMore, historyMax, historyMax)
	case n > 0 && len(one.Messages) != 1:
		return fmt.Errorf("limit 1 gave %d messages", len(one.Messages))
	case n > 1 && !one.HasMore:
		return fmt.Errorf("limit 1 in a lane of %d messages says no has_more", n)
	}
	return nil
}

// historyIntegralLimit: a limit sent as an integral JSON number with a
// fraction part (2.0, as a JSON encoder of doubles writes it) is the
// number 2.
func historyIntegralLimit(ctx context.Context, k *kit) error {
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	h, err := fx.c.history(ctx, fx.lane, obj{"limit": json.Number("2.0")})
	if err != nil {
		return fmt.Errorf("limit 2.0: %w", err)
	}
	if len(h.Messages) != 2 {
		return fmt.Errorf("limit 2.0 gave %d messages, want 2", len(h.Messages))
	}
	return nil
}
