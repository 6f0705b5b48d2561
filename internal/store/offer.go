package store

import (
	"github.com/hermes/iris/frame"
)

// offerKey is the item key of a media.offer item.
func offerKey(mediaID string) string { return "media:" + mediaID }

// applyMediaOffer shows offered media as an assistant message with one
// media chip. A replayed offer of the same media_id (held in memory or
// only in the database), or one whose media a message in the lane already
// carries, is a no-op: the chip is shown once.
func (s *State) applyMediaOffer(l frame.Lane, m *frame.Media) {
	ln := s.existingOrNew(l)
	key := offerKey(m.MediaID)
	if ln == nil || m.MediaID == "" || ln.byMsg[key] != nil || ln.carries(m.MediaID) || s.knownElsewhere(ln, key) {
		return
	}
	msg := &Message{Role: frame.RoleAssistant, Media: []frame.Media{*m}, TS: s.now()}
	it := &Item{Kind: KindMessage, Msg: msg, key: key, TS: msg.TS}
	s.add(ln, ln.Len(), it)
	s.arrived(ln, msg)
}

// carries reports whether a message held in memory carries media id.
func (l *Lane) carries(id string) bool {
	for _, it := range l.items {
		if it.Msg == nil || it.key == offerKey(id) {
			continue
		}
		for _, md := range it.Msg.Media {
			if md.MediaID == id {
				return true
			}
		}
	}
	return false
}

// dropOffers removes the lane's media.offer items for the media msg
// carries (the demo offers a chart, then attaches it to the reply): the
// chip is shown once, in the message. An offer still counted unread stops
// being counted.
func (s *State) dropOffers(ln *Lane, msg *Message) {
	for _, md := range msg.Media {
		it := ln.byMsg[offerKey(md.MediaID)]
		if it == nil || it.Msg == msg {
			continue
		}
		after := 0
		for _, o := range ln.items[it.pos+1:] {
			if o.Msg != nil && o.Msg.Role != frame.RoleUser {
				after++
			}
		}
		if ln.Unread > after {
			ln.Unread--
			s.chg.Directory = true
		}
		s.drop(ln, it)
	}
}
