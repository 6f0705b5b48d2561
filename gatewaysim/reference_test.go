package gatewaysim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// The simulator as a reference server: what it accepts and refuses, and
// what it answers, where a literal gateway would.

// TestThreadEntryIsKeyedByItsLane: a thread's directory entry has the
// shape PROTOCOL-NOTES.md allows (its parent's chat_id plus its own
// thread_id, no parent_chat_id pointing at its own chat_id), and the
// simulator keys lanes by that pair: a thread named by chat_id = its
// thread id alone is not a lane.
func TestThreadEntryIsKeyedByItsLane(t *testing.T) {
	_, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	ch := a.createChannel("Ops", "")
	th := a.createChannel("Deploy", ch.ChatID)
	must(t, th.ChatID == ch.ChatID && th.ThreadID.Val != "" && !th.ParentChatID.Present && th.Kind == frame.KindThread, "thread entry %+v", th)
	id := a.request(frame.TypeHistory, laneOf(th), &frame.HistoryRequest{})
	must(t, a.response(id).Type == frame.TypeHistory, "the thread's lane pair is not served")
	id = a.request(frame.TypeChannelRename, frame.Lane{ChatID: th.ThreadID.Val}, &frame.ChannelRename{Name: "x"})
	a.expectError(id, frame.CodeNotFound)
	id = a.request(frame.TypeHistory, frame.Lane{ChatID: th.ThreadID.Val}, &frame.HistoryRequest{})
	a.expectError(id, frame.CodeNotFound)
}

// TestIntegralFloatsAndFractionalTSAreAccepted: JSON has one number type;
// 5.0 is the integer 5 (history limit, sync cursor), and a fractional ping
// ts is rounded, not refused.
func TestIntegralFloatsAndFractionalTSAreAccepted(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.Seed = true })
	c, _ := connect(t, url, "dev_a")
	c.sendRaw([]byte(`{"v":1,"id":3,"type":"history","chat_id":"iris:default","thread_id":null,"payload":{"limit":5.0}}`))
	f := c.response(3)
	h, ok := f.Payload.(*frame.History)
	must(t, ok && len(h.Messages) == 5 && h.HasMore, "history with limit 5.0: %s %+v", f.Type, f.Payload)
	c.sendRaw([]byte(`{"v":1,"id":4.0,"type":"sync","payload":{"cursor":0e0}}`))
	must(t, c.response(4).Type == frame.TypeSyncDone, "sync with cursor 0e0 and id 4.0")
	c.sendRaw([]byte(`{"v":1,"id":5,"type":"ping","payload":{"ts":1724000000000.4}}`))
	f = c.response(5)
	must(t, f.Type == frame.TypePong && f.Payload.(*frame.Pong).TS == 1724000000000, "ping with a fractional ts: %s %+v", f.Type, f.Payload)
}

// TestWrongNumbersAreRefusedWithTheirID: a fraction where an integer
// belongs, or a number sent as a string, is unsupported; the error carries
// the request's id.
func TestWrongNumbersAreRefusedWithTheirID(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	for i, payload := range []string{`{"limit":5.5}`, `{"limit":"5"}`} {
		id := 10 + i
		c.sendRaw(fmt.Appendf(nil, `{"v":1,"id":%d,"type":"history","chat_id":"iris:default","payload":%s}`, id, payload))
		e := c.expectError(int64(id), frame.CodeUnsupported)
		must(t, strings.Contains(e.Message, "limit") && !strings.Contains(e.Message, "converted") && !strings.Contains(e.Message, "ignored"),
			"%s: error %+v (refused, so neither converted nor ignored)", payload, e)
	}
}

// TestNonIntegerIDIsRefusedEchoingIt: the envelope id is a number (the
// spec's ids all are). A string or fractional id is refused with
// unsupported, and the error echoes the id exactly as sent, so that the
// client can still match it; an id that is neither gets an error without.
func TestNonIntegerIDIsRefusedEchoingIt(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	for _, id := range []string{`"7"`, `"abc"`, `7.5`, `{"n":1}`} {
		c.sendRaw([]byte(`{"v":1,"id":` + id + `,"type":"ping","payload":{}}`))
		f := c.read()
		var env struct {
			ID json.RawMessage `json:"id"`
		}
		must(t, json.Unmarshal(c.raw, &env) == nil && f.Type == frame.TypeError, "id %s answered %s", id, c.raw)
		must(t, f.Payload.(*frame.Error).Code == frame.CodeUnsupported, "id %s: %s", id, c.raw)
		want := id
		if id[0] == '{' {
			want = ""
		}
		must(t, string(env.ID) == want, "id %s echoed as %q: %s", id, env.ID, c.raw)
	}
}

// TestRequestsWithoutAKnownLaneAreNotFound: a request that needs a lane
// and names none, or an unknown one, is answered not_found with its id; it
// is never served in the default channel.
func TestRequestsWithoutAKnownLaneAreNotFound(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	nowhere, unknown := frame.Lane{}, frame.Lane{ChatID: "iris:nope"}
	for _, l := range []frame.Lane{nowhere, unknown} {
		for _, r := range []struct {
			typ     string
			payload any
		}{
			{frame.TypeMessageSend, &frame.MessageSend{Text: "hello"}},
			{frame.TypeHistory, &frame.HistoryRequest{}},
			{frame.TypeMessageDelete, &frame.MessageDelete{MessageIDs: []string{"m_1"}}},
			{frame.TypeAgentStop, nil},
			{frame.TypeAgentSteer, &frame.AgentSteer{Text: "left"}},
			{frame.TypeChannelRename, &frame.ChannelRename{Name: "x"}},
			{frame.TypeSearch, &frame.Search{Query: "x", Scope: "chat"}},
			{frame.TypeReadReceipt, &frame.ReadReceipt{MessageID: "m_1"}},
		} {
			id := c.request(r.typ, l, r.payload)
			c.expectError(id, frame.CodeNotFound)
		}
	}
	must(t, s.RunningTurns() == 0, "a message without a lane started a turn")
}

// TestLastPushedCursorCountsWhatPushWouldWake: a device that registered a
// push token (in hello, or later with fcm.register) is credited with every
// frame parked for it that a push would have woken it for, and hello.ack
// reports the highest such cursor; a device without one stays at 0. A
// later hello without a token keeps the registration; an fcm.register
// without either ends it.
func TestLastPushedCursorCountsWhatPushWouldWake(t *testing.T) {
	s, url := newTestServer(t, nil)
	phone := dial(t, url)
	phone.sendFrame(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{
		Token: testToken, DeviceID: "dev_phone", Caps: frame.Caps{MinProtocol: 1, Push: "fcm"}, FCMToken: "tok",
	}})
	phone.expect(frame.TypeHelloAck)
	late, _ := connect(t, url, "dev_late")
	late.sendFrame(frame.Frame{Type: frame.TypeFCMRegister, Payload: &frame.FCMRegister{NtfyTopic: "topic"}})
	id := late.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	late.response(id) // the fcm.register before it was served
	plain, _ := connect(t, url, "dev_plain")
	for _, c := range []*client{phone, late, plain} {
		c.ws.Close()
	}
	for _, d := range []string{"dev_phone", "dev_late", "dev_plain"} {
		waitOffline(t, s, d)
	}
	other, _ := connect(t, url, "dev_other")
	other.turn(defaultLane, "hello there")

	pushed := map[string]int64{}
	for _, d := range []string{"dev_phone", "dev_late", "dev_plain"} {
		_, ack, replay, _ := reconnectAndSync(t, url, d, 0)
		var want int64 // the reply's message.stop is the last frame a push wakes for
		for _, f := range replay {
			if d != "dev_plain" && f.Type == frame.TypeMessageStop {
				want = f.Cursor
			}
		}
		must(t, d == "dev_plain" || want > 0, "%s: nothing pushable replayed: %v", d, types(replay))
		must(t, ack.LastPushedCursor == want, "%s: last_pushed_cursor %d, want %d (replay %v)", d, ack.LastPushedCursor, want, types(replay))
		must(t, replay[len(replay)-1].Cursor > want, "%s: the turn's last frames (agent.idle) counted as pushed", d)
		pushed[d] = want
	}

	// dev_phone's hello above had no token: still registered. dev_late
	// unregisters now.
	late, _ = connect(t, url, "dev_late")
	late.sendFrame(frame.Frame{Type: frame.TypeFCMRegister, Payload: &frame.FCMRegister{}})
	id = late.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	late.response(id)
	s.DropConnections()
	for _, d := range []string{"dev_phone", "dev_late"} {
		waitOffline(t, s, d)
	}
	other, _ = connect(t, url, "dev_other")
	other.turn(defaultLane, "hello again")
	_, ack, _, _ := reconnectAndSync(t, url, "dev_phone", 0)
	must(t, ack.LastPushedCursor > pushed["dev_phone"], "dev_phone: a hello without a token ended its registration (%d, was %d)", ack.LastPushedCursor, pushed["dev_phone"])
	_, ack, _, _ = reconnectAndSync(t, url, "dev_late", 0)
	must(t, ack.LastPushedCursor == pushed["dev_late"], "dev_late: pushed %d after unregistering, was %d", ack.LastPushedCursor, pushed["dev_late"])
}
