package transcript

import (
	"strings"

	"github.com/hermes/iris/internal/store"
)

// inlineState is the transcript's part of --inline mode: the items already
// printed into the terminal's own scrollback, which the managed area no
// longer shows.
type inlineState struct {
	printed map[*store.Item]bool
}

// TakeSettled returns the drawing of the lane's items that finished since
// the last call, in lane order, and counts them as printed: every item up
// to the first one still live (a streaming reply, a running tool, one of
// the user's messages the gateway has not taken yet). The lines are the
// transcript's own (sanitised the same way); "" when none finished.
func (m *Model) TakeSettled() string {
	if m.inline.printed == nil {
		m.inline.printed = map[*store.Item]bool{}
	}
	src := m.src()
	var out []string
	for i := 0; i < src.Len(); i++ {
		it := src.lane.Item(i)
		if m.inline.printed[it] {
			continue
		}
		if !settled(it) {
			break
		}
		m.inline.printed[it] = true
		if m.folded[it] {
			delete(m.cache, it) // printed in full (fold.go)
		}
		out = append(out, m.lines(it)...)
	}
	if len(m.inline.printed) > 2*src.Len()+64 { // items left the lane (evicted, deleted)
		keep := make(map[*store.Item]bool, src.Len())
		for i := 0; i < src.Len(); i++ {
			if it := src.lane.Item(i); m.inline.printed[it] {
				keep[it] = true
			}
		}
		m.inline.printed = keep
	}
	return strings.Join(out, "\n")
}

// LiveView draws the items not printed yet (see TakeSettled), at most the
// last height rows of them; "" when there are none.
func (m *Model) LiveView(height int) string {
	src := m.src()
	var out []string
	for i := 0; i < src.Len(); i++ {
		if it := src.lane.Item(i); !m.inline.printed[it] {
			out = append(out, m.lines(it)...)
		}
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) > height {
		out = out[len(out)-height:]
	}
	return strings.Join(out, "\n")
}

// settled reports whether an item is final: it will not change while it
// is on screen, so it can go to the scrollback.
func settled(it *store.Item) bool {
	switch {
	case it.Kind == store.KindMessage && it.Msg != nil:
		d := it.Msg.Delivery
		return !it.Msg.Streaming && d != store.DeliveryQueued && d != store.DeliverySending
	case it.Kind == store.KindTool && it.Tool != nil:
		return !it.Tool.Running
	case it.Kind == store.KindPickerRecord:
		return it.Outcome != store.Answering // the gateway's reply gives the outcome
	}
	return true
}
