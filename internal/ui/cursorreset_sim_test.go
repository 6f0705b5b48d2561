package ui

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

// resettingGW is a gateway on a real loopback socket whose n-th connection
// answers hello with sync_cursor acks[n] and sync with sync.done dones[n]
// (the first sync also replays one message), recording the cursor each
// sync asked from. The test drops a connection with drop.
type resettingGW struct {
	acks, dones []int64
	mu          sync.Mutex
	conns       int
	ws          *websocket.Conn
	synced      []int64
}

func (g *resettingGW) serve(ws *websocket.Conn) {
	g.mu.Lock()
	n := min(g.conns, len(g.acks)-1)
	g.conns++
	g.ws = ws
	g.mu.Unlock()
	send := func(f frame.Frame) {
		if data, err := frame.Encode(f); err == nil {
			ws.WriteMessage(websocket.TextMessage, data)
		}
	}
	for f := range wstest.ClientFrames(ws) {
		switch f.Type {
		case frame.TypeHello:
			send(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{SyncCursor: g.acks[n],
				Channels: []frame.Channel{{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}}})
		case frame.TypeSync:
			g.mu.Lock()
			g.synced = append(g.synced, f.Payload.(*frame.Sync).Cursor)
			g.mu.Unlock()
			if n == 0 {
				send(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some(chat), Cursor: g.dones[0],
					Payload: &frame.Message{MessageID: "m_1", Role: frame.RoleAssistant, Text: "before the reset"}})
			}
			send(frame.Frame{ID: f.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: g.dones[n]}})
		case frame.TypePing:
			send(frame.Frame{Type: frame.TypePong, Payload: &frame.Empty{}})
		case frame.TypeHistory:
			send(frame.Frame{ID: f.ID, Type: frame.TypeHistory, ChatID: frame.Some(chat), Payload: &frame.History{}})
		case frame.TypeCommandsCatalog:
			send(frame.Frame{ID: f.ID, Type: frame.TypeCommandsCatalog, Payload: &frame.CommandsCatalog{}})
		}
	}
}

func (g *resettingGW) drop() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ws.Close()
}

func (g *resettingGW) syncs() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return fmt.Sprint(g.synced)
}

// TestGatewayResetCarriesIntoTheNextSync: a hello.ack sync_cursor below the
// stored cursor means the gateway lost or reset its outbox (PROTOCOL-NOTES).
// The client syncs from the gateway's cursor and the store's cursor comes
// down with it, so the connection after that syncs from what the reset
// gateway replayed (5), not from the old cursor (42), which would count as
// a second reset and skip what the gateway parked in between (5 to 9).
func TestGatewayResetCarriesIntoTheNextSync(t *testing.T) {
	g := &resettingGW{acks: []int64{40, 3, 9}, dones: []int64{42, 5, 9}}
	url := wstest.Serve(t, g.serve)
	e := dialEnv(t, url, wsclient.Timing{BackoffBase: 5 * time.Millisecond, BackoffMax: 20 * time.Millisecond})
	e.until("the first sync applied", func() bool { return e.st.Cursor() == 42 })
	g.drop()
	e.until("the reset applied", func() bool { return e.st.Cursor() == 5 && g.syncs() == "[40 3]" })
	g.drop()
	e.until("the third sync", func() bool { return g.syncs() == "[40 3 5]" && e.st.Cursor() == 9 })
	e.mustShow("before the reset") // deduped, not lost
}
