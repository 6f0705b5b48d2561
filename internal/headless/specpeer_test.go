package headless_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/wstest"
)

// specChat is the default channel of the spec's examples.
const specChat = "android:default"

// specPeer is a gateway written from 04-wire-protocol.md's examples alone,
// on a real loopback socket. It speaks only the spec's literal shapes: no
// reply_to on turn frames, no response to picker.select or agent.steer, no
// extension caps. It answers hello (the spec's hello.ack) and sync (an
// empty replay); every other frame the client sends is recorded and goes
// to the test's script, which writes the spec's frames back.
type specPeer struct {
	mu     sync.Mutex
	got    []frame.Frame
	script func(c *specConn, f frame.Frame)
	replay func(c *specConn) // before each sync.done, if set
	synced func(c *specConn) // after each sync.done, if set
}

// specConn is one connection to the peer.
type specConn struct {
	ws *websocket.Conn
	mu sync.Mutex
}

// send writes raw JSON frames, formatted with args.
func (c *specConn) send(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.ws.WriteMessage(websocket.TextMessage, fmt.Appendf(nil, format, args...))
}

// serveSpec starts the peer and returns its URL.
func serveSpec(t *testing.T, p *specPeer) string {
	t.Helper()
	return wstest.Serve(t, func(ws *websocket.Conn) {
		c := &specConn{ws: ws}
		for f := range wstest.ClientFrames(ws) {
			switch f.Type {
			case frame.TypeHello:
				c.send(`{"type":"hello.ack","payload":{"server_caps":{"streaming":true,"reasoning":true,"tools":true,"media":true,"search":true,"push":"fcm","pickers":true},"sync_cursor":0,"last_pushed_cursor":0,"channels":[{"chat_id":%q,"name":"Default","kind":"default","is_default":true}]}}`, specChat)
			case frame.TypeSync:
				if p.replay != nil {
					p.replay(c)
				}
				c.send(`{"type":"sync.done","id":%d,"payload":{"cursor":0}}`, f.ID)
				if p.synced != nil {
					p.synced(c)
				}
			case frame.TypePing:
				c.send(`{"type":"pong"}`)
			default:
				p.mu.Lock()
				p.got = append(p.got, f)
				p.mu.Unlock()
				if p.script != nil {
					p.script(c, f)
				}
			}
		}
	})
}

// received returns the frames of type typ the client sent.
func (p *specPeer) received(typ string) []frame.Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []frame.Frame
	for _, f := range p.got {
		if f.Type == typ {
			out = append(out, f)
		}
	}
	return out
}

// specTurn answers a message.send as the spec's examples do: the echo,
// the read.receipt, agent.busy, then a streamed reply whose message.start
// has no reply_to: one update with partial, a stop with final, agent.idle.
func specTurn(partial, final string) func(c *specConn, f frame.Frame) {
	return turnWith("", partial, final)
}

// turnWith is specTurn with extra fields (`,"reply_to":…`) in the reply's
// message.start.
func turnWith(startExtra, partial, final string) func(c *specConn, f frame.Frame) {
	return func(c *specConn, f frame.Frame) {
		p, ok := f.Payload.(*frame.MessageSend)
		if !ok {
			return
		}
		c.send(`{"type":"message","id":%d,"chat_id":%q,"thread_id":null,"payload":{"message_id":"m_9001","role":"user","text":%q,"ts":1724000000000}}`, f.ID, specChat, p.Text)
		c.send(`{"type":"read.receipt","chat_id":%q,"payload":{"message_id":"m_9001"}}`, specChat)
		c.send(`{"type":"agent.busy","chat_id":%q,"thread_id":null,"payload":{"reason":"processing"}}`, specChat)
		c.send(`{"type":"message.start","chat_id":%q,"payload":{"message_id":"m_9002","role":"assistant"%s}}`, specChat, startExtra)
		c.send(`{"type":"message.update","chat_id":%q,"payload":{"message_id":"m_9002","text":%q}}`, specChat, partial)
		c.send(`{"type":"message.stop","chat_id":%q,"payload":{"message_id":"m_9002","final_text":%q,"model":"qwen3-27b","tokens":11}}`, specChat, final)
		c.send(`{"type":"agent.idle","chat_id":%q,"thread_id":null,"payload":{}}`, specChat)
	}
}
