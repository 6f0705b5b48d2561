package gatewaysim

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

const testToken = "s3cret-token"

// waitTimeout bounds every wait in these tests; nothing sleeps.
const waitTimeout = 5 * time.Second

// newTestServer starts a simulator on 127.0.0.1 that streams as fast as
// possible and is closed with the test.
func newTestServer(t testing.TB, mod func(*Config)) (*Server, string) {
	t.Helper()
	cfg := Config{Token: testToken}
	if mod != nil {
		mod(&cfg)
	}
	s := New(cfg)
	url, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, url
}

// client is a raw frame-level test client.
type client struct {
	t      testing.TB
	ws     *websocket.Conn
	nextID int64
	// binary collects binary frames read while waiting for a JSON frame.
	binary [][]byte
	// raw is the last JSON frame read, as it came; raws every one.
	raw  []byte
	raws [][]byte
}

// dial connects without saying hello.
func dial(t testing.TB, url string) *client {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return &client{t: t, ws: ws}
}

// connect dials and pairs as device, returning the client and hello.ack.
func connect(t testing.TB, url, device string) (*client, *frame.HelloAck) {
	t.Helper()
	c := dial(t, url)
	c.hello(testToken, device)
	ack := c.expect(frame.TypeHelloAck)
	st := c.expect(frame.TypeStatus)
	if st.Payload.(*frame.Status).State != frame.StateOnline {
		t.Fatalf("status after hello.ack = %+v, want online", st.Payload)
	}
	return c, ack.Payload.(*frame.HelloAck)
}

func (c *client) hello(token, device string) {
	c.sendFrame(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{
		Token: token, DeviceID: device, DeviceName: "test", Caps: frame.Caps{MinProtocol: 1},
	}})
}

// sendFrame writes f as is.
func (c *client) sendFrame(f frame.Frame) {
	c.t.Helper()
	data, err := frame.Encode(f)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(data)
}

// sendRaw writes a text frame.
func (c *client) sendRaw(data []byte) {
	c.t.Helper()
	if err := c.ws.WriteMessage(websocket.TextMessage, data); err != nil {
		c.t.Fatal(err)
	}
}

// request sends a request frame with a fresh id in lane l and returns the id.
func (c *client) request(typ string, l frame.Lane, payload any) int64 {
	c.t.Helper()
	c.nextID++
	f := frame.Frame{ID: c.nextID, Type: typ, Payload: payload}
	if l.ChatID != "" {
		f.ChatID, f.ThreadID = frame.Some(l.ChatID), frame.OrNull(l.ThreadID)
	}
	c.sendFrame(f)
	return c.nextID
}

// read returns the next JSON frame, collecting binary frames on the way.
func (c *client) read() frame.Frame {
	c.t.Helper()
	for {
		c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
		mt, data, err := c.ws.ReadMessage()
		if err != nil {
			c.t.Fatalf("read: %v", err)
		}
		if mt == websocket.BinaryMessage {
			c.binary = append(c.binary, data)
			continue
		}
		f, err := frame.Decode(data, frame.FromServer)
		if err != nil {
			c.t.Fatalf("decode %s: %v", data, err)
		}
		c.raw = data
		c.raws = append(c.raws, data)
		return f
	}
}

// until reads frames until one satisfies pred and returns all read frames,
// the match last.
func (c *client) until(pred func(frame.Frame) bool) []frame.Frame {
	c.t.Helper()
	var seen []frame.Frame
	for {
		f := c.read()
		seen = append(seen, f)
		if pred(f) {
			return seen
		}
	}
}

// expect reads until a frame of type typ and returns it.
func (c *client) expect(typ string) frame.Frame {
	c.t.Helper()
	fs := c.until(isType(typ))
	return fs[len(fs)-1]
}

// response reads until the response (or error) to request id.
func (c *client) response(id int64) frame.Frame {
	c.t.Helper()
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	return fs[len(fs)-1]
}

// expectError reads the response to id and checks it is an error with code.
func (c *client) expectError(id int64, code string) *frame.Error {
	c.t.Helper()
	f := c.response(id)
	e, ok := f.Payload.(*frame.Error)
	if f.Type != frame.TypeError || !ok || e.Code != code {
		c.t.Fatalf("response to %d = %s %+v, want error %s", id, f.Type, f.Payload, code)
	}
	return e
}

// expectClosed checks the server closes the connection.
func (c *client) expectClosed() {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			if ne, ok := err.(interface{ Timeout() bool }); ok && ne.Timeout() {
				c.t.Fatal("connection not closed")
			}
			return
		}
	}
}

func isType(typ string) func(frame.Frame) bool {
	return func(f frame.Frame) bool { return f.Type == typ }
}

// types lists the frame types of fs.
func types(fs []frame.Frame) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Type
	}
	return out
}

// send sends a user message in lane l and returns its request id.
func (c *client) send(l frame.Lane, text string) int64 {
	c.t.Helper()
	return c.request(frame.TypeMessageSend, l, &frame.MessageSend{Text: text})
}

// turn sends text and reads the whole agent turn up to agent.idle.
func (c *client) turn(l frame.Lane, text string) []frame.Frame {
	c.t.Helper()
	c.send(l, text)
	return c.until(isType(frame.TypeAgentIdle))
}

// stopOf returns the message.stop of a turn.
func stopOf(t *testing.T, fs []frame.Frame) *frame.MessageStop {
	t.Helper()
	for _, f := range fs {
		if f.Type == frame.TypeMessageStop {
			return f.Payload.(*frame.MessageStop)
		}
	}
	t.Fatalf("no message.stop in %v", types(fs))
	return nil
}

func ctxTimeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	t.Cleanup(cancel)
	return ctx
}

func sha(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

var defaultLane = frame.Lane{ChatID: DefaultChatID}

func laneOf(ch frame.Channel) frame.Lane { return ch.Lane() }

func must(t testing.TB, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Fatal(fmt.Sprintf(format, args...))
	}
}
