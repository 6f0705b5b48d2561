package store

import (
	"github.com/hermes/iris/frame"
)

// ApplyHistory merges a history page into lane l. before is the request's
// before_message_id: "" for the newest page (sent when a lane is opened),
// an id for an older page (sent while the user scrolls up).
//
// Messages already held are refreshed in place (a streaming one is
// finished), as are those memory dropped (paged back in: recall); user
// messages that echo an outgoing placeholder replace it; the rest are
// inserted by timestamp, or without one by the spec's history order
// (pagePos), so pages may arrive in any order, overlap what sync
// delivered, and carry no ts. The newest page also settles "delivery
// unknown" placeholders (see PROTOCOL-NOTES) and sets HistoryLoaded; an
// older page's has_more decides HasMore.
//
// A newest page that shares no message with what the lane already holds
// (or stores), while the gateway has more, leaves a gap behind it (the
// user was away for long): LoadOlder then asks for the pages before it
// until one meets known messages, before paging anything older. A sync
// replay that reaches the page's oldest message closes the gap as well
// (see replayReached), so the page arriving before the replay is done
// leaves nothing behind.
func (s *State) ApplyHistory(l frame.Lane, before string, h frame.History) Change {
	s.begin()
	ln := s.existingOrNew(l)
	if ln == nil {
		return s.end()
	}
	if before == "" {
		s.settleUnknown(ln, h.Messages)
	}
	held := ln.localMore || ln.OldestID != ""
	overlap := false
	for i := range h.Messages {
		overlap = s.mergeHistory(ln, h.Messages, i, before) || overlap
	}
	oldest := h.OldestMessageID
	if oldest == "" && len(h.Messages) > 0 {
		oldest = h.Messages[0].MessageID
	}
	switch {
	case before == "":
		ln.HistoryLoaded = true
		if held && !overlap && h.HasMore && oldest != "" {
			ln.gap = oldest
		} else if !ln.serverMore {
			ln.serverMore = h.HasMore
		}
	case before == ln.gap:
		ln.gap = ""
		if !overlap && h.HasMore && oldest != "" {
			ln.gap = oldest
		}
	default:
		ln.serverMore = h.HasMore
	}
	ln.refreshPaging()
	s.laneChanged(ln)
	return s.end()
}

// mergeHistory merges message i of a page asked for before message id
// before ("" for the newest page) and reports whether the lane already
// held or stored it.
func (s *State) mergeHistory(ln *Lane, page []frame.Message, i int, before string) (known bool) {
	m := &page[i]
	if m.MessageID == "" || s.isGone(ln.Key, m.MessageID) {
		return false
	}
	msg := s.msgFromWire(m)
	it, stored := s.recall(ln, m.MessageID)
	if stored {
		return true
	}
	if it != nil {
		if it.Msg.Streaming || it.Msg.Text != msg.Text || it.Msg.Reasoning != msg.Reasoning {
			if m.TS == 0 {
				msg.TS = it.Msg.TS // a page without ts does not restamp what is held
			}
			s.mergeFinal(ln, it, msg)
		}
		return it.Msg.ClientMsgID == "" // the user's own recent message says nothing of what came before
	}
	if s.absorb(ln, msg) != nil {
		return false
	}
	s.add(ln, s.pagePos(ln, page, i, before), &Item{Kind: KindMessage, Msg: msg, TS: msg.TS})
	s.finished(ln, msg)
	s.dropOffers(ln, msg)
	return false
}

// pagePos is where message i of a history page goes that the lane does
// not hold. A message with a ts goes by its ts (placeByTS). One without
// goes by the spec's history order, never as if it were new: a page is
// ordered oldest to newest and an older page holds what came just before
// its before_message_id, so it goes right before the page's nearest newer
// message the lane holds, else (an older page) right before the message
// it was asked for before, paged back in from the database if memory shed
// it meanwhile, or first when that is gone. Only what a newest page holds
// after everything known goes last.
func (s *State) pagePos(ln *Lane, page []frame.Message, i int, before string) int {
	if page[i].TS != 0 {
		return s.placeByTS(ln, s.fromMillis(page[i].TS))
	}
	for _, m := range page[i+1:] {
		if it := ln.byMsg[m.MessageID]; it != nil {
			return it.pos
		}
	}
	if before == "" {
		return ln.Len()
	}
	it := ln.byMsg[before]
	for it == nil && ln.localMore && s.pageIn(ln) {
		it = ln.byMsg[before]
	}
	if it != nil {
		return it.pos
	}
	return 0
}

// replayReached closes the gap of replayed frame f's lane when f is about
// the gap's own message: the replay comes in cursor order and carries on
// from what was stored, so every message between the newest page and what
// the lane held before it is held by now (the page merely arrived while
// the replay was still on its way).
func (s *State) replayReached(f frame.Frame) {
	ln := s.lanes[f.Lane()]
	if ln == nil || ln.gap == "" || f.MessageID() != ln.gap {
		return
	}
	ln.gap = ""
	ln.refreshPaging()
	s.laneChanged(ln)
}

// LoadOlder says where lane l's next older items come from, reading
// nothing itself. A gap behind the newest page is filled first (see
// ApplyHistory), once the stored items down to it are in memory. While
// the database holds older items it returns the PageRead to make (off the
// UI goroutine; the result goes to ApplyPage); once it holds nothing older
// and the gateway said it has more, the history request to send (its
// answer goes to ApplyHistory with req.BeforeMessageID). Both are nil when
// there is nothing older. The lane stays in view, kept whole by eviction,
// until Focus moves.
func (s *State) LoadOlder(l frame.Lane) (Change, *PageRead, *frame.HistoryRequest) {
	s.begin()
	if l.ChatID == "" {
		return s.end(), nil, nil
	}
	ln := s.laneState(l)
	if ln == nil {
		return s.end(), nil, nil
	}
	s.paged(l)
	switch {
	case s.db != nil && ln.notRead:
		return s.end(), s.pageRead(ln), nil
	case ln.gap != "" && (ln.byMsg[ln.gap] != nil || !ln.localMore):
		return s.end(), nil, &frame.HistoryRequest{BeforeMessageID: ln.gap, Limit: s.opts.PageSize}
	case s.db != nil && ln.localMore:
		return s.end(), s.pageRead(ln), nil
	case ln.serverMore && ln.OldestID != "":
		return s.end(), nil, &frame.HistoryRequest{BeforeMessageID: ln.OldestID, Limit: s.opts.PageSize}
	}
	return s.end(), nil, nil
}
