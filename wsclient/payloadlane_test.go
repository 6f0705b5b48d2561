package wsclient_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestPayloadLanesOnARealSocket: the spec's chat-scoped frames, sent with
// the lane in the payload only, reach the client as events of their lane;
// a chat-scoped frame naming no lane becomes no event and is logged
// without its content.
func TestPayloadLanesOnARealSocket(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "frame", "testdata", "payloadlane", "*.json"))
	if err != nil || len(names) < 20 {
		t.Fatalf("vectors: %d, %v", len(names), err)
	}
	var logs logBuffer
	_, col, rc := onlineRaw(t, logTo(&logs))
	from := len(col.all())
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := rc.ws.WriteMessage(websocket.TextMessage, data); err != nil {
			t.Fatal(err)
		}
	}
	for _, js := range []string{
		`{"type":"message.stop","payload":{"message_id":"m_secret","final_text":"secret words"}}`,
		`{"type":"agent.idle","chat_id":"end","payload":{}}`,
	} {
		if err := rc.ws.WriteMessage(websocket.TextMessage, []byte(js)); err != nil {
			t.Fatal(err)
		}
	}
	last := col.wait(t, from, "the closing agent.idle", func(ev wsclient.Event) bool {
		fe, ok := ev.(*wsclient.FrameEvent)
		return ok && fe.Frame.Lane().ChatID == "end"
	})
	want := frame.Lane{ChatID: "android:chan_7", ThreadID: "t_123"}
	var got []string
	for _, ev := range col.all()[from:last] {
		fe, ok := ev.(*wsclient.FrameEvent)
		if !ok {
			continue
		}
		if l := fe.Frame.Lane(); l != want {
			t.Errorf("%s reached lane %+v, want %+v", fe.Frame.Type, l, want)
		}
		got = append(got, fe.Frame.Type)
	}
	if len(got) != len(names) {
		t.Fatalf("%d frames arrived, want %d: %v", len(got), len(names), got)
	}
	lines := logs.lines("protocol warning", "names no chat_id", "frame=message.stop")
	if len(lines) != 1 {
		t.Fatalf("log lines for the unrouted frame: %q", lines)
	}
	if len(logs.lines("secret")) != 0 {
		t.Fatal("the log holds the dropped frame's content")
	}
}

// TestUnroutedAnswerGoesToItsRequestUnwarned: a response naming no lane
// (message.deleted answering message.delete) still answers its request,
// whose caller knows the lane, and is not logged; the same frame
// unasked for is dropped and logged.
func TestUnroutedAnswerGoesToItsRequestUnwarned(t *testing.T) {
	var logs logBuffer
	c, col, rc := onlineRaw(t, logTo(&logs))
	from := len(col.all())
	done := make(chan frame.Frame, 1)
	go func() {
		resp, _ := c.Request(context.Background(), frame.Frame{Type: frame.TypeMessageDelete, ChatID: frame.Some(defaultChat),
			Payload: &frame.MessageDelete{MessageIDs: []string{"m_1"}}})
		done <- resp
	}()
	req := rc.next(t)
	rc.sendFrame(frame.Frame{ID: req.ID, Type: frame.TypeMessageDeleted, Payload: &frame.MessageDeleted{MessageIDs: []string{"m_1"}}})
	select {
	case resp := <-done:
		if resp.Type != frame.TypeMessageDeleted {
			t.Fatalf("answer %+v", resp)
		}
	case <-time.After(waitLimit):
		t.Fatal("the request was not answered")
	}
	rc.sendFrame(frame.Frame{Type: frame.TypeMessageDeleted, Payload: &frame.MessageDeleted{MessageIDs: []string{"m_2"}}})
	rc.sendFrame(frame.Frame{Type: frame.TypeAgentIdle, ChatID: frame.Some("end"), Payload: &frame.Empty{}})
	last := col.wait(t, from, "the closing agent.idle", isFrame(frame.TypeAgentIdle))
	for _, ev := range col.all()[from:last] {
		if fe, ok := ev.(*wsclient.FrameEvent); ok {
			t.Errorf("%s without a lane became an event", fe.Frame.Type)
		}
	}
	if l := logs.lines("names no chat_id", "frame=message.deleted"); len(l) != 1 || !strings.Contains(l[0], "id=0") {
		t.Fatalf("warnings %q, want one for the frame no request asked for", l)
	}
}
