package gatewaysim

import (
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
)

// History paging limits of the spec.
const (
	historyDefaultLimit = 50
	historyMaxLimit     = 200
	searchMaxHits       = 100
	snippetRadius       = 40 // runes of context on each side of a match
)

// messageStore is the session store: every lane's final messages, oldest
// first. It is guarded by Server.mu.
type messageStore struct {
	lanes map[frame.Lane][]frame.Message
	where map[string]frame.Lane // message_id → lane
}

func newMessageStore() *messageStore {
	return &messageStore{lanes: map[frame.Lane][]frame.Message{}, where: map[string]frame.Lane{}}
}

// add appends m to lane l.
func (m *messageStore) add(l frame.Lane, msg frame.Message) {
	msg.ChatID, msg.ThreadID = frame.OptString{}, frame.OptString{}
	m.lanes[l] = append(m.lanes[l], msg)
	m.where[msg.MessageID] = l
}

// page returns up to limit messages of l older than before ("" = newest),
// oldest first. ok is false when before names no message of l.
func (m *messageStore) page(l frame.Lane, before string, limit int) (h frame.History, ok bool) {
	msgs := m.lanes[l]
	end := len(msgs)
	if before != "" {
		end = slices.IndexFunc(msgs, func(x frame.Message) bool { return x.MessageID == before })
		if end < 0 {
			return frame.History{}, false
		}
	}
	start := max(0, end-limit)
	h.Messages = append([]frame.Message{}, msgs[start:end]...)
	h.HasMore = start > 0
	if len(h.Messages) > 0 {
		h.OldestMessageID = h.Messages[0].MessageID
	}
	return h, true
}

// remove deletes the given messages wherever they are.
func (m *messageStore) remove(ids []string) {
	for _, id := range ids {
		l, ok := m.where[id]
		if !ok {
			continue
		}
		delete(m.where, id)
		m.lanes[l] = slices.DeleteFunc(m.lanes[l], func(x frame.Message) bool { return x.MessageID == id })
	}
}

// dropLane wipes a lane's history.
func (m *messageStore) dropLane(l frame.Lane) {
	for _, msg := range m.lanes[l] {
		delete(m.where, msg.MessageID)
	}
	delete(m.lanes, l)
}

// search finds messages containing query (case-insensitive), newest first,
// in every lane or only in one.
func (m *messageStore) search(query string, only *frame.Lane) []frame.SearchHit {
	hits := []frame.SearchHit{}
	if query == "" {
		return hits
	}
	for l, msgs := range m.lanes {
		if only != nil && l != *only {
			continue
		}
		for _, msg := range msgs {
			snip, ok := snippet(msg.Text, query)
			if !ok {
				continue
			}
			hits = append(hits, frame.SearchHit{
				MessageID: msg.MessageID, ChatID: l.ChatID, ThreadID: frame.OrNull(l.ThreadID),
				Role: msg.Role, Snippet: snip, TS: msg.TS,
			})
		}
	}
	slices.SortFunc(hits, func(a, b frame.SearchHit) int {
		if a.TS != b.TS {
			return int(b.TS - a.TS)
		}
		return strings.Compare(b.MessageID, a.MessageID)
	})
	return hits[:min(len(hits), searchMaxHits)]
}

// snippet returns text around the first case-insensitive match of query,
// on one line, with "…" where it was cut.
func snippet(text, query string) (string, bool) {
	runes, qn := []rune(text), len([]rune(query))
	at := -1
	for i := 0; i+qn <= len(runes); i++ {
		if strings.EqualFold(string(runes[i:i+qn]), query) {
			at = i
			break
		}
	}
	if at < 0 {
		return "", false
	}
	start, end := max(0, at-snippetRadius), min(len(runes), at+qn+snippetRadius)
	s := strings.Join(strings.Fields(string(runes[start:end])), " ")
	if start > 0 {
		s = "…" + s
	}
	if end < len(runes) {
		s += "…"
	}
	return s, true
}

func (c *conn) handleHistory(f frame.Frame, e *entry) {
	p := f.Payload.(*frame.HistoryRequest)
	limit := p.Limit
	if limit <= 0 {
		limit = historyDefaultLimit
	}
	limit = min(limit, historyMaxLimit)
	h, ok := c.s.store.page(e.lane(), p.BeforeMessageID, limit)
	if !ok {
		c.sendError(f.ID, frame.CodeNotFound, "unknown before_message_id "+quote(p.BeforeMessageID))
		return
	}
	c.send(laneFrame(f.ID, frame.TypeHistory, e.lane(), &h))
}

func (c *conn) handleSearch(f frame.Frame) {
	p := f.Payload.(*frame.Search)
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var only *frame.Lane
	switch p.Scope {
	case "", "all":
	case "chat":
		e := c.laneLocked(f)
		if e == nil {
			return
		}
		only = frame.Ptr(e.lane())
	default:
		c.sendError(f.ID, frame.CodeUnsupported, "unknown search scope "+quote(p.Scope))
		return
	}
	scope := p.Scope
	if scope == "" {
		scope = "all"
	}
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeSearchResults, Payload: &frame.SearchResults{
		Query: p.Query, Scope: scope, Hits: s.store.search(p.Query, only),
	}})
}

// handleMessageDelete removes messages from history, search and every
// outbox, then broadcasts message.deleted (idempotent: unknown ids too).
func (c *conn) handleMessageDelete(f frame.Frame, e *entry) {
	p := f.Payload.(*frame.MessageDelete)
	if len(p.MessageIDs) == 0 {
		c.sendError(f.ID, frame.CodeUnsupported, "message.delete needs message_ids")
		return
	}
	s := c.s
	s.store.remove(p.MessageIDs)
	for _, d := range s.devices {
		d.purge(func(pf frame.Frame) bool { return slices.Contains(p.MessageIDs, pf.MessageID()) })
	}
	s.replyAllLocked(c, laneFrame(f.ID, frame.TypeMessageDeleted, e.lane(), &frame.MessageDeleted{MessageIDs: p.MessageIDs}))
}

// readKey names a device's read position in one lane.
type readKey struct {
	device string
	lane   frame.Lane
}

// handleReadReceipt stores the device's read position and tells the other
// devices; a receipt that does not move the position is not repeated. The
// sender gets nothing back: a read.receipt from the gateway means something
// else (its agent took a user message), so echoing one would tell the app
// that. A receipt without a known lane is not_found.
func (c *conn) handleReadReceipt(f frame.Frame) {
	p := f.Payload.(*frame.ReadReceipt)
	s := c.s
	s.mu.Lock()
	e := c.laneLocked(f)
	if e == nil {
		s.mu.Unlock()
		return
	}
	l := e.lane()
	key := readKey{device: c.dev.id, lane: l}
	if s.reads[key] != p.MessageID {
		s.reads[key] = p.MessageID
		s.broadcastLocked(laneFrame(0, frame.TypeReadReceipt, l, &frame.ReadReceipt{
			ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), MessageID: p.MessageID,
		}), c.dev)
	}
	s.mu.Unlock()
}
