package gatewaysim

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

func TestHelloAck(t *testing.T) {
	_, url := newTestServer(t, nil)
	_, ack := connect(t, url, "dev_a")
	caps := ack.ServerCaps
	must(t, caps.Streaming != nil && *caps.Streaming && caps.Pickers != nil && *caps.Pickers, "caps %+v", caps)
	must(t, ack.LastPushedCursor == 0 && ack.SyncCursor == 0, "cursors %+v", ack)
	must(t, len(ack.Channels) == 1, "channels %+v", ack.Channels)
	ch := ack.Channels[0]
	must(t, ch.ChatID == DefaultChatID && ch.Kind == frame.KindDefault && *ch.IsDefault && ch.Name == "Default", "default channel %+v", ch)
}

func TestAuthFailureClosesConnection(t *testing.T) {
	for name, send := range map[string]func(c *client){
		"wrong token":  func(c *client) { c.hello("nope", "dev_x") },
		"not hello":    func(c *client) { c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 1}) },
		"empty token":  func(c *client) { c.hello("", "dev_x") },
		"token prefix": func(c *client) { c.hello(testToken[:4], "dev_x") },
	} {
		t.Run(name, func(t *testing.T) {
			_, url := newTestServer(t, nil)
			c := dial(t, url)
			send(c)
			f := c.read()
			e, ok := f.Payload.(*frame.Error)
			must(t, f.Type == frame.TypeError && ok && e.Code == frame.CodeAuth, "got %s %+v", f.Type, f.Payload)
			c.expectClosed()
		})
	}
}

func TestHelloAskingForANewerProtocolIsRefused(t *testing.T) {
	_, url := newTestServer(t, nil)
	c := dial(t, url)
	c.sendFrame(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{Token: testToken, DeviceID: "d", Caps: frame.Caps{MinProtocol: 2}}})
	e := c.read().Payload.(*frame.Error)
	must(t, e.Code == frame.CodeUnsupported && strings.Contains(e.Message, "v2"), "error %+v", e)
	c.expectClosed()
}

func TestEmptyConfiguredTokenRejectsEveryone(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.Token = "" })
	c := dial(t, url)
	c.hello("", "dev")
	e := c.read().Payload.(*frame.Error)
	must(t, e.Code == frame.CodeAuth, "error %+v", e)
}

func TestPingPongAndReceived(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 1234})
	f := c.response(id)
	must(t, f.Type == frame.TypePong && f.Payload.(*frame.Pong).TS == 1234, "pong %+v", f)
	got, err := s.WaitReceived(ctxTimeout(t), isType(frame.TypePing))
	must(t, err == nil && got.ID == id, "WaitReceived %+v %v", got, err)
	rec := s.Received()
	must(t, len(rec) == 2 && rec[0].Type == frame.TypeHello, "received %v", types(rec))
}

func TestBadInputGetsErrorsAndConnectionSurvives(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.sendRaw([]byte(`{not json`))
	e := c.read().Payload.(*frame.Error)
	must(t, e.Code == frame.CodeUnsupported, "malformed: %+v", e)

	c.sendRaw([]byte(`{"v":2,"id":77,"type":"ping","payload":{}}`))
	f := c.response(77)
	must(t, f.Payload.(*frame.Error).Code == frame.CodeUnsupported, "v2: %+v", f.Payload)

	// An unknown type is ignored (spec: forward compatibility): the next
	// frame read answers the following request.
	c.request("frobnicate", frame.Lane{}, nil)
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 4})
	f = c.read()
	must(t, f.ID == id && f.Type == frame.TypePong, "after an unknown type: %s %+v", f.Type, f.Payload)

	c.sendRaw([]byte(`{"v":1,"id":78,"type":"sync","payload":{"cursor":"x"}}`))
	c.expectError(78, frame.CodeUnsupported)

	c.sendRaw([]byte(`{"v":1,"id":79,"type":"message.send","chat_id":"iris:default","payload":{"text":"  "}}`))
	c.expectError(79, frame.CodeUnsupported)

	id = c.request(frame.TypeHello, frame.Lane{}, &frame.Hello{Token: testToken, DeviceID: "dev_a"})
	c.expectError(id, frame.CodeUnsupported)

	// A binary frame outside a transfer is ignored.
	if err := c.ws.WriteMessage(2, []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	id = c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 5})
	must(t, c.response(id).Type == frame.TypePong, "connection wedged")
}

func TestRateLimited(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) {
		c.RateBurst = 3
		c.RateLimit = 0.001
	})
	c, _ := connect(t, url, "dev_a")
	for range 3 {
		id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
		must(t, c.response(id).Type == frame.TypePong, "within burst")
	}
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	c.expectError(id, frame.CodeRateLimited)
}

func TestDefaultRateLimitIsGenerous(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	var last int64
	for range 500 {
		last = c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	}
	fs := c.until(func(f frame.Frame) bool { return f.ID == last })
	for _, f := range fs {
		must(t, f.Type == frame.TypePong, "got %s %+v", f.Type, f.Payload)
	}
}

func TestCloseBroadcastsRestarting(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	done := make(chan error, 1)
	go func() { done <- s.Close() }()
	f := c.expect(frame.TypeStatus)
	must(t, f.Payload.(*frame.Status).State == frame.StateRestarting, "status %+v", f.Payload)
	c.expectClosed()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestRequestsWithoutSpecResponseAreAckedOnlyWithID(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.sendFrame(frame.Frame{Type: frame.TypeFCMRegister, Payload: &frame.FCMRegister{NtfyTopic: "x"}})
	id := c.request(frame.TypeFCMRegister, frame.Lane{}, &frame.FCMRegister{NtfyTopic: "y"})
	f := c.read()
	must(t, f.ID == id && f.Type == frame.TypeFCMRegister, "first frame %s id %d, want the ack of %d", f.Type, f.ID, id)
}

func TestCloseIsBoundedWhenClientsDoNotAnswer(t *testing.T) {
	s, url := newTestServer(t, nil)
	for _, d := range []string{"dev_a", "dev_b", "dev_c"} {
		connect(t, url, d) // never reads again, so never answers the close frame
	}
	start := time.Now()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	must(t, time.Since(start) < 3*time.Second, "Close took %v", time.Since(start))
	must(t, s.Close() == nil, "second Close")
}

func TestGarbagePayloadsForEveryRequestType(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	kinds := []string{
		frame.TypeMessageSend, frame.TypeMessageDelete, frame.TypePickerSelect, frame.TypeChannelList,
		frame.TypeChannelCreate, frame.TypeChannelRename, frame.TypeChannelSetDef, frame.TypeChannelDelete,
		frame.TypeHistory, frame.TypeCommandsCatalog, frame.TypeCommandsComplete, frame.TypeAgentStop,
		frame.TypeAgentSteer, frame.TypeSearch, frame.TypeMediaUploadStart, frame.TypeMediaUploadEnd,
		frame.TypeMediaPull, frame.TypeReadReceipt, frame.TypePing, frame.TypeSync, frame.TypeFCMRegister,
	}
	payloads := []string{
		`5`, `"x"`, `[]`, `null`, `{}`,
		`{"text":5,"cursor":"a","message_ids":"x","limit":"x","name":7,"picker_id":3,"prefix":1,"query":2,"media_ref":3,"size":"big"}`,
		`{"text":"/","message_ids":[""],"limit":-5,"name":"\u0000","before_message_id":"nope","scope":"chat","kind":"thread"}`,
	}
	envelopes := []string{``, `"chat_id":null,`, `"chat_id":"iris:nope","thread_id":"t_9",`, `"chat_id":7,`}
	for _, kind := range kinds {
		for _, p := range payloads {
			for _, env := range envelopes {
				c.sendRaw([]byte(`{"v":1,"id":1,` + env + `"type":"` + kind + `","payload":` + p + `}`))
			}
		}
	}
	c.nextID = 1000 // clear of the garbage frames' id
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 99})
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	for _, f := range fs {
		if e, ok := f.Payload.(*frame.Error); ok {
			must(t, e.Message != panicMessage, "a handler panicked: %+v", e)
		}
	}
}

func TestOversizedFrameClosesOnlyThatConnection(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.sendRaw(make([]byte, readLimit+1))
	c.expectClosed()
	d, _ := connect(t, url, "dev_a")
	id := d.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	must(t, d.response(id).Type == frame.TypePong, "server unusable after an oversized frame")
}
