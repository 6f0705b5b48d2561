package store

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
)

// rescueUnsent moves the unsent messages (queued, in flight, failed or of
// unknown delivery) of the lanes doomed to removal into the default
// channel, where they are shown as not sent, their cause naming the
// channel they were typed in, with the one-key resend (into the default channel) and a
// discard (DiscardOutgoing): nothing typed vanishes with a channel deleted
// on another device or missing from a listing. A message in flight keeps
// its state, since its answer may still come; the others become Failed.
// When the default channel itself is doomed (there is none left), they
// stay where they are and go with their lane.
func (s *State) rescueUnsent(doomed func(frame.Lane) bool) {
	to := s.DefaultLane()
	if to.ChatID == "" || doomed(to) {
		return
	}
	var moving []*outgoing
	for _, o := range s.outbox {
		if doomed(o.lane) {
			moving = append(moving, o)
		}
	}
	if len(moving) == 0 {
		return
	}
	slices.SortFunc(moving, func(a, b *outgoing) int { return cmp.Compare(a.it.id, b.it.id) })
	ln := s.lane(to)
	for _, o := range moving {
		m := *o.it.Msg
		name := o.lane.ChatID
		if old := s.lanes[o.lane]; old != nil && old.Name != "" {
			name = old.Name
		}
		m.Cause = "channel " + name + " was deleted · d discards"
		if m.Delivery != DeliverySending && m.Delivery != DeliveryUnknown {
			m.Delivery = DeliveryFailed
		}
		m.Steer = false
		it := &Item{Kind: KindMessage, Msg: &m, TS: m.TS}
		s.add(ln, ln.Len(), it)
		s.outbox[m.ClientMsgID] = &outgoing{lane: to, it: it}
	}
	s.chg.Outgoing = true
	s.laneChanged(ln)
}

// rescueDrafts appends the drafts of the lanes doomed to removal to the
// default channel's draft (a channel's before its threads'), so that text
// typed into a channel deleted on another device is not lost with it. The
// focused lane's draft is left to the UI, whose composer holds its newest
// text and carries it along. With the default itself doomed they go with
// their lanes.
func (s *State) rescueDrafts(doomed func(frame.Lane) bool) {
	to := s.DefaultLane()
	if to.ChatID == "" || doomed(to) {
		return
	}
	var from []frame.Lane
	for l, text := range s.drafts {
		if doomed(l) && l != s.focus && text != "" {
			from = append(from, l)
		}
	}
	if len(from) == 0 {
		return
	}
	slices.SortFunc(from, func(a, b frame.Lane) int {
		return cmp.Or(cmp.Compare(a.ChatID, b.ChatID), cmp.Compare(a.ThreadID, b.ThreadID))
	})
	texts := []string{s.drafts[to]}
	if texts[0] == "" {
		texts = nil
	}
	for _, l := range from {
		texts = append(texts, s.drafts[l])
		delete(s.drafts, l)
		s.dirtyDraft(l)
	}
	s.drafts[to] = strings.Join(texts, "\n")
	s.dirtyDraft(to)
}

// DiscardOutgoing drops the user's message clientMsgID that was never
// confirmed sent (failed, or of unknown delivery): the user chose not to
// send it. It reports whether there was such a message.
func (s *State) DiscardOutgoing(clientMsgID string) (Change, bool) {
	s.begin()
	o := s.outbox[clientMsgID]
	ok := o != nil && (o.it.Msg.Delivery == DeliveryFailed || o.it.Msg.Delivery == DeliveryUnknown)
	if ok {
		delete(s.outbox, clientMsgID)
		if ln := s.lanes[o.lane]; ln != nil {
			s.drop(ln, o.it)
		}
		s.chg.Outgoing = true
	}
	return s.end(), ok
}
