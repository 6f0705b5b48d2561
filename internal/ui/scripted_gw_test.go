package ui

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

// scriptedGW is a hand-scripted gateway on a real loopback socket, for
// orders and faults the simulator does not produce. It answers hello with
// hello.ack (one default lane), sync by replaying what the test queued
// with Replay then sync.done, ping with pong, history with the page set by
// SetHistory (empty at first), commands.catalog and commands.complete with
// nothing, and message.send with the echo of the message. Any other request goes
// to the responder the test set with On (on the server's goroutine, since
// the harness waits for answers synchronously); Next and Sent let the test
// see what the client sent.
type scriptedGW struct {
	t   *testing.T
	url string

	mu      sync.Mutex
	caps    frame.ServerCaps // hello.ack's server_caps (SetCaps)
	chans   []frame.Channel  // hello.ack's channels after the default one (AddChannel)
	ws      *websocket.Conn  // the current connection
	cursor  int64            // the head cursor sync.done reports
	synced  int64            // the cursor the last sync reached (hello.ack's sync_cursor)
	replay  []frame.Frame    // sent on the next sync
	got     []frame.Frame    // every request the client sent, in order
	on      map[string]func(frame.Frame)
	history []frame.Message // the newest page of every lane
	echoes  int
	in      chan frame.Frame
	writeMu sync.Mutex
}

func newScriptedGW(t *testing.T) *scriptedGW {
	t.Helper()
	g := &scriptedGW{t: t, in: make(chan frame.Frame, 256), on: map[string]func(frame.Frame){}}
	g.on[frame.TypeMessageSend] = g.Echo
	g.url = wstest.Serve(t, g.serve)
	return g
}

// dial connects a harness to the scripted gateway and waits until it is
// online; mods adjust the model's options. Reconnects are fast.
func (g *scriptedGW) dial(mods ...harnessOpt) *simEnv {
	g.t.Helper()
	return dialEnv(g.t, g.url, wsclient.Timing{BackoffBase: 5 * time.Millisecond, BackoffMax: 20 * time.Millisecond,
		RestartDelay: 5 * time.Millisecond}, mods...)
}

func (g *scriptedGW) serve(ws *websocket.Conn) {
	defer ws.Close()
	g.mu.Lock()
	g.ws = ws
	g.mu.Unlock()
	for f := range wstest.ClientFrames(ws) {
		switch f.Type {
		case frame.TypeHello:
			g.mu.Lock()
			cur, caps := g.synced, g.caps
			chans := append([]frame.Channel{{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}, g.chans...)
			g.mu.Unlock()
			g.send(frame.Frame{ID: f.ID, Type: frame.TypeHelloAck, Payload: &frame.HelloAck{SyncCursor: cur, ServerCaps: caps,
				Channels: chans}})
		case frame.TypeSync:
			g.mu.Lock()
			replay, cur := g.replay, g.cursor
			g.replay, g.synced = nil, cur
			g.mu.Unlock()
			for _, r := range replay {
				g.send(r)
			}
			g.send(frame.Frame{ID: f.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: cur}})
		case frame.TypePing:
			g.send(frame.Frame{Type: frame.TypePong, Payload: &frame.Empty{}})
		case frame.TypeHistory:
			g.record(f)
			g.mu.Lock()
			page := &frame.History{Messages: g.history}
			g.mu.Unlock()
			g.send(frame.Frame{ID: f.ID, Type: frame.TypeHistory, Payload: page})
		case frame.TypeCommandsCatalog:
			g.send(frame.Frame{ID: f.ID, Type: frame.TypeCommandsCatalog, Payload: &frame.CommandsCatalog{}})
		case frame.TypeCommandsComplete:
			g.send(frame.Frame{ID: f.ID, Type: frame.TypeCommandsComplete, Payload: &frame.CommandsCompleteResult{
				Prefix: f.Payload.(*frame.CommandsComplete).Prefix}})
		default:
			g.record(f)
			g.mu.Lock()
			h := g.on[f.Type]
			g.mu.Unlock()
			if h != nil {
				h(f)
			}
			g.in <- f
		}
	}
}

func (g *scriptedGW) record(f frame.Frame) {
	g.mu.Lock()
	g.got = append(g.got, f)
	g.mu.Unlock()
}

// send writes f to the current connection (errors are the test's drop).
func (g *scriptedGW) send(f frame.Frame) {
	data, err := frame.Encode(f)
	if err != nil {
		g.t.Errorf("encode %s: %v", f.Type, err)
		return
	}
	g.mu.Lock()
	ws := g.ws
	g.mu.Unlock()
	g.writeMu.Lock()
	defer g.writeMu.Unlock()
	_ = ws.WriteMessage(websocket.TextMessage, data)
}

// Send pushes live frames to the client.
func (g *scriptedGW) Send(fs ...frame.Frame) {
	for _, f := range fs {
		g.send(f)
	}
}

// SetCaps sets the server_caps the next hello.ack carries.
func (g *scriptedGW) SetCaps(caps frame.ServerCaps) {
	g.mu.Lock()
	g.caps = caps
	g.mu.Unlock()
}

// AddChannel creates channel c: the client is told now (channel.created)
// and every later hello.ack lists it.
func (g *scriptedGW) AddChannel(c frame.Channel) {
	g.mu.Lock()
	g.chans = append(g.chans, c)
	g.mu.Unlock()
	g.send(frame.Frame{Type: frame.TypeChannelCreated, Payload: &c})
}

// SetHistory sets the newest history page the gateway answers with.
func (g *scriptedGW) SetHistory(msgs ...frame.Message) {
	g.mu.Lock()
	g.history = msgs
	g.mu.Unlock()
}

// On sets how requests of type typ are answered (nil: not at all).
func (g *scriptedGW) On(typ string, h func(req frame.Frame)) {
	g.mu.Lock()
	g.on[typ] = h
	g.mu.Unlock()
}

// Echo answers a message.send the way a gateway does: with the user's
// message under a new id (e1, e2, …) and its client_msg_id, stamped a
// second apart from the tests' fixed clock.
func (g *scriptedGW) Echo(req frame.Frame) {
	ms := req.Payload.(*frame.MessageSend)
	g.mu.Lock()
	g.echoes++
	n := g.echoes
	g.mu.Unlock()
	g.Answer(req, frame.TypeMessage, &frame.Message{MessageID: "e" + strconv.Itoa(n), Role: frame.RoleUser, Text: ms.Text,
		ClientMsgID: ms.ClientMsgID, TS: at(n)})
}

// Answer replies to request req with payload p of type typ.
func (g *scriptedGW) Answer(req frame.Frame, typ string, p any) {
	g.send(frame.Frame{ID: req.ID, Type: typ, ChatID: req.ChatID, ThreadID: req.ThreadID, Payload: p})
}

// Refuse replies to request req with an error frame.
func (g *scriptedGW) Refuse(req frame.Frame, code, message string) {
	g.send(frame.Frame{ID: req.ID, Type: frame.TypeError, Payload: &frame.Error{Code: code, Message: message}})
}

// Drop closes the current connection; the client reconnects.
func (g *scriptedGW) Drop() {
	g.mu.Lock()
	ws := g.ws
	g.mu.Unlock()
	ws.Close()
}

// Replay queues frames for the next sync, giving them cursors after the
// current head, in the order given.
func (g *scriptedGW) Replay(fs ...frame.Frame) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, f := range fs {
		g.cursor++
		f.Cursor = g.cursor
		g.replay = append(g.replay, f)
	}
}

// Next returns the next request of type typ the client sent, skipping
// others, while e feeds the client's events to the model.
func (g *scriptedGW) Next(e *simEnv, typ string) frame.Frame {
	g.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case f := <-g.in:
			if f.Type == typ {
				return f
			}
		case ev := <-e.events:
			e.send(inbound(ev))
		case <-deadline:
			g.t.Fatalf("the client sent no %s; screen:\n%s", typ, e.plain())
		}
	}
}

// Sent returns the requests of type typ the client sent so far.
func (g *scriptedGW) Sent(typ string) []frame.Frame {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []frame.Frame
	for _, f := range g.got {
		if f.Type == typ {
			out = append(out, f)
		}
	}
	return out
}
