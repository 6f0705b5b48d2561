package ui

import (
	"sync"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient/frame"
)

// scripted is a hand-written gateway on a real 127.0.0.1 socket, for the
// answers the simulator never gives (an odd search echo, caps switched
// off, a refused upload). It acks hello with Caps and a default channel,
// answers every later frame with Answer; where Answer gives nil, sync,
// history and commands.catalog get a plain answer, any other request
// (but media.upload.start) an `error` unsupported, and the rest nothing. It records what the client
// sent.
type scripted struct {
	Caps   frame.ServerCaps
	Answer func(f frame.Frame) []frame.Frame
	AckRaw string // sent as is instead of hello.ack ("" none)

	mu   sync.Mutex
	got  []frame.Frame
	bins int // binary frames received
}

// start serves the script and returns its ws:// URL.
func (g *scripted) start(t *testing.T) string {
	t.Helper()
	return wstest.Serve(t, func(ws *websocket.Conn) {
		for {
			mt, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			if mt == websocket.BinaryMessage {
				g.mu.Lock()
				g.bins++
				g.mu.Unlock()
				continue
			}
			f, err := frame.Decode(data, frame.FromClient)
			if err != nil || f.Type == frame.TypePing {
				continue
			}
			g.mu.Lock()
			g.got = append(g.got, f)
			g.mu.Unlock()
			if f.Type == frame.TypeHello && g.AckRaw != "" {
				if ws.WriteMessage(websocket.TextMessage, []byte(g.AckRaw)) != nil {
					return
				}
				continue
			}
			for _, out := range g.reply(f) {
				b, err := frame.Encode(out)
				if err != nil || ws.WriteMessage(websocket.TextMessage, b) != nil {
					return
				}
			}
		}
	})
}

func (g *scripted) reply(f frame.Frame) []frame.Frame {
	if f.Type != frame.TypeHello && g.Answer != nil {
		if out := g.Answer(f); out != nil {
			return out
		}
	}
	switch f.Type {
	case frame.TypeHello:
		return []frame.Frame{{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{ServerCaps: g.Caps, SyncCursor: 1,
			Channels: []frame.Channel{{ChatID: "iris:default", Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}}}}
	case frame.TypeSync:
		return []frame.Frame{{ID: f.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: 1}}}
	case frame.TypeHistory:
		return []frame.Frame{{ID: f.ID, Type: frame.TypeHistory, ChatID: f.ChatID, ThreadID: f.ThreadID, Payload: &frame.History{}}}
	case frame.TypeCommandsCatalog:
		return []frame.Frame{{ID: f.ID, Type: frame.TypeCommandsCatalog, Payload: &frame.CommandsCatalog{}}}
	}
	if f.ID != 0 && f.Type != frame.TypeMediaUploadStart { // an upload is answered at its end
		return []frame.Frame{{ID: f.ID, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeUnsupported}}}
	}
	return nil
}

// sent returns the frames of type typ the client sent.
func (g *scripted) sent(typ string) []frame.Frame {
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
