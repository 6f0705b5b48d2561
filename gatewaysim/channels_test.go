package gatewaysim

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// createChannel creates a channel (or a thread under parent) and returns the
// channel.created payload.
func (c *client) createChannel(name, parent string) frame.Channel {
	c.t.Helper()
	p := &frame.ChannelCreate{Name: name, Kind: frame.KindChannel}
	if parent != "" {
		p.Kind, p.ParentChatID = frame.KindThread, frame.Some(parent)
	}
	id := c.request(frame.TypeChannelCreate, frame.Lane{}, p)
	f := c.response(id)
	must(c.t, f.Type == frame.TypeChannelCreated, "create answered %s %+v", f.Type, f.Payload)
	return *f.Payload.(*frame.Channel)
}

func TestChannelLifecycleIsBroadcast(t *testing.T) {
	_, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")

	ch := a.createChannel("Cron Reports", "")
	must(t, ch.Kind == frame.KindChannel && ch.ChatID != DefaultChatID && !*ch.IsDefault, "created %+v", ch)
	other := b.expect(frame.TypeChannelCreated)
	must(t, other.ID == 0 && other.Payload.(*frame.Channel).ChatID == ch.ChatID, "broadcast %+v", other)

	th := a.createChannel("Deploy", ch.ChatID)
	must(t, th.Kind == frame.KindThread && th.ChatID == ch.ChatID && !th.ParentChatID.Present && th.ThreadID.Val != "", "thread %+v", th)
	must(t, th.Lane() == frame.Lane{ChatID: ch.ChatID, ThreadID: th.ThreadID.Val}, "thread lane %v", th.Lane())
	b.expect(frame.TypeChannelCreated)

	id := a.request(frame.TypeChannelRename, laneOf(ch), &frame.ChannelRename{Name: "Reports"})
	f := a.response(id)
	must(t, f.Type == frame.TypeChannelRenamed && f.Payload.(*frame.Channel).Name == "Reports", "rename %+v", f.Payload)
	must(t, b.expect(frame.TypeChannelRenamed).Payload.(*frame.Channel).Name == "Reports", "rename broadcast")

	id = a.request(frame.TypeChannelRename, laneOf(th), &frame.ChannelRename{Name: "Deploy v2"})
	must(t, a.response(id).Payload.(*frame.Channel).Name == "Deploy v2", "rename thread")

	id = a.request(frame.TypeChannelSetDef, laneOf(ch), nil)
	f = a.response(id)
	list := f.Payload.(*frame.ChannelList).Channels
	must(t, f.Type == frame.TypeChannelList && len(list) == 3, "set_default %s %+v", f.Type, list)
	for _, c := range list {
		if c.Kind != frame.KindThread {
			must(t, *c.IsDefault == (c.ChatID == ch.ChatID), "is_default of %+v", c)
		}
	}
	b.expect(frame.TypeChannelList)

	id = a.request(frame.TypeChannelDelete, laneOf(ch), nil)
	a.expectError(id, frame.CodeUnsupported) // now the default

	id = a.request(frame.TypeChannelSetDef, defaultLane, nil)
	a.response(id)
	id = a.request(frame.TypeChannelDelete, laneOf(ch), nil)
	fs := a.until(func(f frame.Frame) bool { return f.ID == id })
	deleted := fs[len(fs)-1]
	must(t, deleted.Type == frame.TypeChannelDeleted && deleted.Payload.(*frame.Channel).ChatID == ch.ChatID, "delete %+v", deleted)
	must(t, fs[len(fs)-2].Type == frame.TypeChannelDeleted && fs[len(fs)-2].Payload.(*frame.Channel).ThreadID.Val == th.ThreadID.Val, "thread deleted first: %v", types(fs))

	id = a.request(frame.TypeChannelList, frame.Lane{}, nil)
	list = a.response(id).Payload.(*frame.ChannelList).Channels
	must(t, len(list) == 1 && list[0].ChatID == DefaultChatID, "after delete %+v", list)
	id = a.request(frame.TypeHistory, laneOf(th), &frame.HistoryRequest{})
	a.expectError(id, frame.CodeNotFound)
}

func TestChannelErrors(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypeChannelDelete, defaultLane, nil)
	c.expectError(id, frame.CodeUnsupported)
	id = c.request(frame.TypeChannelRename, frame.Lane{ChatID: "iris:nope"}, &frame.ChannelRename{Name: "x"})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeChannelCreate, frame.Lane{}, &frame.ChannelCreate{Name: " "})
	c.expectError(id, frame.CodeUnsupported)
	id = c.request(frame.TypeChannelCreate, frame.Lane{}, &frame.ChannelCreate{Name: "t", Kind: frame.KindThread, ParentChatID: frame.Some("iris:nope")})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeChannelDelete, frame.Lane{ChatID: "iris:nope"}, nil)
	c.expectError(id, frame.CodeNotFound)
}

func TestChannelDeleteWipesHistorySearchAndOutbox(t *testing.T) {
	s, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	ch := a.createChannel("Doomed", "")
	a.turn(laneOf(ch), "zebra facts please")
	b, _ := connect(t, url, "dev_b")
	b.ws.Close()
	waitOffline(t, s, "dev_b")
	a.turn(laneOf(ch), "more zebra")

	id := a.request(frame.TypeChannelDelete, laneOf(ch), nil)
	a.response(id)
	id = a.request(frame.TypeSearch, frame.Lane{}, &frame.Search{Query: "zebra", Scope: "all"})
	hits := a.response(id).Payload.(*frame.SearchResults).Hits
	must(t, len(hits) == 0, "search after delete %+v", hits)

	_, _, replay, _ := reconnectAndSync(t, url, "dev_b", 0)
	for _, f := range replay {
		must(t, f.Lane().ChatID != ch.ChatID, "replayed %s of the deleted lane", f.Type)
	}
	must(t, replay[len(replay)-1].Type == frame.TypeChannelDeleted, "deletion replayed: %v", types(replay))
}

func TestAutoThread(t *testing.T) {
	_, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	text := "please summarise the deployment pipeline for staging servers"
	id := a.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: text, AutoThread: frame.Ptr(true), ClientMsgID: "c1"})
	fs := a.until(isType(frame.TypeAgentIdle))
	created := fs[0]
	ch := created.Payload.(*frame.Channel)
	must(t, created.Type == frame.TypeChannelCreated && ch.Auto != nil && *ch.Auto && ch.Kind == frame.KindThread, "first frame %s %+v", created.Type, created.Payload)
	must(t, ch.ChatID == DefaultChatID && !ch.ParentChatID.Present && ch.Name == instantTitle(text), "auto thread %+v", ch)
	echo := fs[1]
	must(t, echo.ID == id && echo.Type == frame.TypeMessage && echo.ThreadID.Val == ch.ThreadID.Val, "echo %+v", echo)
	must(t, echo.Payload.(*frame.Message).ClientMsgID == "c1", "client_msg_id not echoed")
	var renamed *frame.Channel
	for _, f := range fs {
		if f.Type == frame.TypeMessageStop || f.Type == frame.TypeMessageStart {
			must(t, f.ThreadID.Val == ch.ThreadID.Val, "%s in lane %v", f.Type, f.Lane())
		}
		if f.Type == frame.TypeChannelRenamed {
			renamed = f.Payload.(*frame.Channel)
		}
	}
	must(t, renamed != nil && renamed.ThreadID.Val == ch.ThreadID.Val && renamed.Name != ch.Name && renamed.Name != "", "renamed %+v", renamed)
	bc := b.expect(frame.TypeChannelCreated)
	must(t, *bc.Payload.(*frame.Channel).Auto, "auto on other device")
	b.expect(frame.TypeChannelRenamed)

	// Not honoured for slash commands or inside a thread.
	id = a.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "/status", AutoThread: frame.Ptr(true)})
	must(t, a.response(id).ThreadID.Val == "", "slash command auto-threaded")
	a.until(isType(frame.TypeAgentIdle))
	id = a.request(frame.TypeMessageSend, laneOf(*ch), &frame.MessageSend{Text: "follow up", AutoThread: frame.Ptr(true)})
	must(t, a.response(id).ThreadID.Val == ch.ThreadID.Val, "thread message re-threaded")
}
