package gatewaysim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// fillLane stores n user messages "msg 1".."msg n" in lane l.
func fillLane(s *Server, l frame.Lane, n int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for i := 1; i <= n; i++ {
		id := s.nextID("m")
		s.store.add(l, frame.Message{MessageID: id, Role: frame.RoleUser, Text: fmt.Sprintf("msg %d", i), TS: int64(i)})
		ids = append(ids, id)
	}
	return ids
}

func (c *client) history(l frame.Lane, before string, limit int) frame.Frame {
	c.t.Helper()
	id := c.request(frame.TypeHistory, l, &frame.HistoryRequest{BeforeMessageID: before, Limit: limit})
	return c.response(id)
}

func TestHistoryPaging(t *testing.T) {
	s, url := newTestServer(t, nil)
	ids := fillLane(s, defaultLane, 260)
	c, _ := connect(t, url, "dev_a")

	cases := []struct {
		name        string
		before      string
		limit       int
		first, last int // 1-based message numbers expected
		hasMore     bool
	}{
		{"default limit is 50", "", 0, 211, 260, true},
		{"limit is capped at 200", "", 500, 61, 260, true},
		{"explicit limit", "", 10, 251, 260, true},
		{"before a message", ids[100], 20, 81, 100, true},
		{"page reaching the start", ids[30], 50, 1, 30, false},
		{"exactly to the start", ids[10], 10, 1, 10, false},
		{"before the oldest", ids[0], 50, 0, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := c.history(defaultLane, tc.before, tc.limit)
			h := f.Payload.(*frame.History)
			must(t, f.Type == frame.TypeHistory && f.ChatID.Val == DefaultChatID, "response %s %+v", f.Type, f.Payload)
			must(t, h.HasMore == tc.hasMore, "has_more %v", h.HasMore)
			if tc.first == 0 {
				must(t, len(h.Messages) == 0 && h.OldestMessageID == "", "page %+v", h)
				return
			}
			must(t, len(h.Messages) == tc.last-tc.first+1, "got %d messages", len(h.Messages))
			must(t, h.Messages[0].Text == fmt.Sprintf("msg %d", tc.first) && h.Messages[len(h.Messages)-1].Text == fmt.Sprintf("msg %d", tc.last), "range %q..%q", h.Messages[0].Text, h.Messages[len(h.Messages)-1].Text)
			must(t, h.OldestMessageID == h.Messages[0].MessageID, "oldest_message_id %q", h.OldestMessageID)
		})
	}
}

func TestHistoryWalkCoversEverythingOnce(t *testing.T) {
	s, url := newTestServer(t, nil)
	fillLane(s, defaultLane, 123)
	c, _ := connect(t, url, "dev_a")
	seen := map[string]bool{}
	before := ""
	for pages := 0; ; pages++ {
		must(t, pages < 10, "paging does not end")
		h := c.history(defaultLane, before, 50).Payload.(*frame.History)
		for _, m := range h.Messages {
			must(t, !seen[m.MessageID], "duplicate %s", m.MessageID)
			seen[m.MessageID] = true
		}
		if !h.HasMore {
			break
		}
		before = h.OldestMessageID
	}
	must(t, len(seen) == 123, "saw %d", len(seen))
}

func TestHistoryErrors(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypeHistory, frame.Lane{ChatID: "iris:nope"}, &frame.HistoryRequest{})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeHistory, frame.Lane{ChatID: DefaultChatID, ThreadID: "t_404"}, &frame.HistoryRequest{})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeHistory, defaultLane, &frame.HistoryRequest{BeforeMessageID: "m_404"})
	c.expectError(id, frame.CodeNotFound)
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 0 && !h.HasMore, "empty lane %+v", h)
}

func TestHistoryRecordsTurns(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	stop := stopOf(t, c.turn(defaultLane, "remember this"))
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 2, "history %+v", h.Messages)
	u, a := h.Messages[0], h.Messages[1]
	must(t, u.Role == frame.RoleUser && u.Text == "remember this", "user %+v", u)
	must(t, a.Role == frame.RoleAssistant && a.Text == stop.FinalText && a.Reasoning == stop.Reasoning && a.Runtime != nil, "assistant %+v", a)
}

func TestSeedLooksAlive(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, url := newTestServer(t, func(c *Config) {
		c.Seed = true
		c.Now = func() time.Time { return now }
	})
	c, ack := connect(t, url, "dev_a")
	must(t, len(ack.Channels) == 4, "channels %+v", ack.Channels)
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 50 && h.HasMore, "seeded default %d has_more %v", len(h.Messages), h.HasMore)
	must(t, h.Messages[49].TS < now.UnixMilli(), "seeded in the past")
	for _, ch := range ack.Channels {
		h := c.history(ch.Lane(), "", 0).Payload.(*frame.History)
		must(t, len(h.Messages) > 0, "%s is empty", ch.Name)
	}
}

func TestSearch(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	ch := c.createChannel("Ops", "")
	long := strings.Repeat("lorem ipsum ", 10) + "we DEPLOY the service tonight" + strings.Repeat(" dolor sit", 10)
	s.mu.Lock()
	s.store.add(defaultLane, frame.Message{MessageID: "m_a", Role: frame.RoleUser, Text: "deploy now?", TS: 1})
	s.store.add(laneOf(ch), frame.Message{MessageID: "m_b", Role: frame.RoleAssistant, Text: long, TS: 2})
	s.store.add(laneOf(ch), frame.Message{MessageID: "m_c", Role: frame.RoleAssistant, Text: "unrelated", TS: 3})
	s.mu.Unlock()

	id := c.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "Deploy", Scope: "all"})
	f := c.response(id)
	res := f.Payload.(*frame.SearchResults)
	must(t, f.Type == frame.TypeSearchResults && res.Query == "Deploy" && res.Scope == "all", "results %+v", res)
	must(t, len(res.Hits) == 2 && res.Hits[0].MessageID == "m_b" && res.Hits[1].MessageID == "m_a", "hits %+v", res.Hits)
	hit := res.Hits[0]
	must(t, hit.ChatID == ch.ChatID && hit.Role == frame.RoleAssistant && hit.TS == 2, "hit %+v", hit)
	must(t, strings.HasPrefix(hit.Snippet, "…") && strings.HasSuffix(hit.Snippet, "…") && strings.Contains(hit.Snippet, "we DEPLOY the service"), "snippet %q", hit.Snippet)
	must(t, len([]rune(hit.Snippet)) < len([]rune(long)), "snippet not cut")
	must(t, res.Hits[1].Snippet == "deploy now?", "short snippet %q", res.Hits[1].Snippet)

	id = c.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "deploy", Scope: "chat", ChatID: frame.Some(ch.ChatID), ThreadID: frame.Null()})
	hits := c.response(id).Payload.(*frame.SearchResults).Hits
	must(t, len(hits) == 1 && hits[0].MessageID == "m_b", "chat scope %+v", hits)

	id = c.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "deploy", Scope: "chat", ChatID: frame.Some("iris:nope")})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "deploy", Scope: "galaxy"})
	c.expectError(id, frame.CodeUnsupported)
	id = c.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "", Scope: "all"})
	must(t, len(c.response(id).Payload.(*frame.SearchResults).Hits) == 0, "empty query")
}

func TestSnippetHandlesMultibyteText(t *testing.T) {
	snip, ok := snippet("Grüße aus KÖLN, wo der Dom steht", "köln")
	must(t, ok && strings.Contains(snip, "KÖLN"), "snippet %q", snip)
	_, ok = snippet("nothing here", "zebra")
	must(t, !ok, "false match")
}

func TestMessageDelete(t *testing.T) {
	s, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	b.ws.Close()
	waitOffline(t, s, "dev_b")
	fs := a.turn(defaultLane, "secret plans")
	userID := fs[0].Payload.(*frame.Message).MessageID
	botID := stopOf(t, fs).MessageID

	id := a.request(frame.TypeMessageDelete, defaultLane, &frame.MessageDelete{MessageIDs: []string{userID, botID}})
	f := a.response(id)
	must(t, f.Type == frame.TypeMessageDeleted && len(f.Payload.(*frame.MessageDeleted).MessageIDs) == 2 && f.ChatID.Val == DefaultChatID, "deleted %+v", f)
	h := a.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 0, "history keeps %+v", h.Messages)
	id = a.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "secret", Scope: "all"})
	must(t, len(a.response(id).Payload.(*frame.SearchResults).Hits) == 0, "search keeps it")

	// Idempotent: deleting again still answers and broadcasts.
	id = a.request(frame.TypeMessageDelete, defaultLane, &frame.MessageDelete{MessageIDs: []string{userID}})
	must(t, a.response(id).Type == frame.TypeMessageDeleted, "second delete")

	// The offline device gets no trace of the messages, only the deletions.
	_, _, replay, _ := reconnectAndSync(t, url, "dev_b", 0)
	deletions := 0
	for _, f := range replay {
		if mid := f.MessageID(); mid == userID || mid == botID {
			t.Fatalf("replayed %s of a deleted message", f.Type)
		}
		if f.Type == frame.TypeMessageDeleted {
			deletions++
		}
	}
	must(t, deletions == 2, "replayed %d deletions: %v", deletions, types(replay))

	id = a.request(frame.TypeMessageDelete, defaultLane, &frame.MessageDelete{})
	a.expectError(id, frame.CodeUnsupported)
	id = a.request(frame.TypeMessageDelete, frame.Lane{ChatID: "iris:nope"}, &frame.MessageDelete{MessageIDs: []string{"m_1"}})
	a.expectError(id, frame.CodeNotFound)
}

func TestReadReceiptsGoToOtherDevices(t *testing.T) {
	_, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	a.sendFrame(frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{ChatID: frame.Some(DefaultChatID), MessageID: "m_7"}})
	f := b.expect(frame.TypeReadReceipt)
	r := f.Payload.(*frame.ReadReceipt)
	must(t, r.MessageID == "m_7" && f.Lane() == defaultLane, "receipt %+v", f)
	// The sender gets nothing back, not even with an id: a read.receipt
	// from the gateway would say its agent took a user message.
	a.request(frame.TypeReadReceipt, frame.Lane{}, &frame.ReadReceipt{ChatID: frame.Some(DefaultChatID), MessageID: "m_8"})
	id := a.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	next := a.read()
	must(t, next.ID == id && next.Type == frame.TypePong, "sender got %s %d before the pong", next.Type, next.ID)
	must(t, b.expect(frame.TypeReadReceipt).Payload.(*frame.ReadReceipt).MessageID == "m_8", "second receipt")
	// A receipt that does not move the read position is not repeated.
	a.sendFrame(frame.Frame{Type: frame.TypeReadReceipt, Payload: &frame.ReadReceipt{ChatID: frame.Some(DefaultChatID), MessageID: "m_8"}})
	a.sendFrame(frame.Frame{Type: frame.TypeReadReceipt, ChatID: frame.Some(DefaultChatID), Payload: &frame.ReadReceipt{MessageID: "m_9"}})
	must(t, b.expect(frame.TypeReadReceipt).Payload.(*frame.ReadReceipt).MessageID == "m_9", "repeated receipt broadcast")
}

func TestCommands(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypeCommandsCatalog, frame.Lane{}, nil)
	cat := c.response(id).Payload.(*frame.CommandsCatalog).Commands
	must(t, len(cat) == 50, "catalog has %d commands", len(cat))
	for _, cmd := range cat {
		if cmd.Name == "/reasoning" {
			must(t, cmd.ArgsHint == "[level|show|hide]", "reasoning hint %q (the real catalog's)", cmd.ArgsHint)
		}
	}
	for prefix, want := range map[string][]string{
		"/mod":  {"/model"},
		"MOD":   {"/model"},
		"/fork": {"/branch"},
		"/zzz":  {},
		"/re":   {"/new", "/retry", "/resume", "/reasoning", "/reload-mcp", "/reload-skills", "/restart"},
	} {
		id := c.request(frame.TypeCommandsComplete, frame.Lane{}, &frame.CommandsComplete{Prefix: prefix})
		res := c.response(id).Payload.(*frame.CommandsCompleteResult)
		var got []string
		for _, m := range res.Matches {
			got = append(got, m.Name)
		}
		must(t, res.Prefix == prefix && strings.Join(got, ",") == strings.Join(want, ","), "%s: %v", prefix, got)
	}
}
