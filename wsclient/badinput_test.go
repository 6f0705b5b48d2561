package wsclient_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestBadInputNeitherCrashesNorWedges sends everything a broken gateway
// might: each bad frame is skipped with one clear ProtocolErrorEvent, good
// frames around them still arrive in order, requests still work, and the
// connection is never dropped for it.
func TestBadInputNeitherCrashesNorWedges(t *testing.T) {
	c, col, rc := onlineRaw(t, func(cfg *wsclient.Config) { cfg.MaxFrameSize = 64 << 10 })

	huge := `{"type":"message","payload":{"message_id":"m_big","text":"` + strings.Repeat("x", 100<<10) + `"}}`
	script := []struct {
		binary bool
		data   string
	}{
		{false, `{"v":1,"type":"future.frame","payload":{"anything":[1,2,3]}}`},
		{false, `{"v":1,"type":"typing","chat_id":"iris:default","novel":true,"payload":{"on":true,"colour":"blue"}}`},
		{false, `{"v":1,"type":"message",`},
		{true, "\x00\x01binary outside a transfer"},
		{false, `{"v":2,"type":"message","payload":{"message_id":"m_v2"}}`},
		{false, `{"v":2,"type":"message","payload":{"message_id":"m_v2b"}}`},
		{false, huge},
		{false, `{"v":1,"type":"message","chat_id":"iris:default","payload":{"message_id":"m_ok","role":"assistant","text":"still here"}}`},
	}
	for _, s := range script {
		mt := websocket.TextMessage
		if s.binary {
			mt = websocket.BinaryMessage
		}
		if err := rc.ws.WriteMessage(mt, []byte(s.data)); err != nil {
			t.Fatal(err)
		}
	}
	last := col.wait(t, 0, "the good frame after the bad ones", func(ev wsclient.Event) bool {
		fe, ok := ev.(*wsclient.FrameEvent)
		return ok && fe.Frame.Type == frame.TypeMessage && fe.Frame.Payload.(*frame.Message).MessageID == "m_ok"
	})
	u := col.wait(t, 0, "unknown type", isFrame("future.frame"))
	if raw := col.all()[u].(*wsclient.FrameEvent).Frame.Payload.(*frame.Unknown).Raw; !strings.Contains(string(raw), "anything") {
		t.Fatalf("unknown payload kept as %s", raw)
	}
	ty := col.wait(t, 0, "typing with unknown fields", isFrame(frame.TypeTyping))
	if on := col.all()[ty].(*wsclient.FrameEvent).Frame.Payload.(*frame.Typing).On; on == nil || !*on {
		t.Fatal("typing.on lost")
	}
	for _, want := range []error{wsclient.ErrMalformed, wsclient.ErrUnexpectedBinary, frame.ErrVersion, wsclient.ErrFrameTooLarge} {
		i := col.wait(t, 0, want.Error(), isProtocolError(want))
		if i > last {
			t.Errorf("%v reported after the frame that followed it", want)
		}
	}
	versions := 0
	for _, ev := range col.all() {
		if isProtocolError(frame.ErrVersion)(ev) {
			versions++
			msg := ev.(*wsclient.ProtocolErrorEvent).Err.Error()
			if msg != "gateway speaks protocol v2, this client speaks v1" {
				t.Errorf("version notice %q", msg)
			}
		}
		if fe, ok := ev.(*wsclient.FrameEvent); ok && fe.Frame.Type == frame.TypeMessage {
			if id := fe.Frame.Payload.(*frame.Message).MessageID; id != "m_ok" {
				t.Errorf("skipped frame %s was applied", id)
			}
		}
		if isState(wsclient.StateReconnecting)(ev) {
			t.Error("bad input dropped the connection")
		}
	}
	if versions != 1 {
		t.Errorf("%d version notices, want exactly one", versions)
	}

	// A request whose response payload is not an object fails at once.
	errc := make(chan error, 1)
	go func() {
		_, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeHistory})
		errc <- err
	}()
	req := rc.next(t)
	rc.ws.WriteMessage(websocket.TextMessage, []byte(`{"id":`+strconv.FormatInt(req.ID, 10)+`,"type":"history","payload":"nope"}`))
	if err := <-errc; !errors.Is(err, wsclient.ErrMalformed) {
		t.Fatalf("Request with a malformed response = %v", err)
	}
}
