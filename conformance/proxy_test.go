package conformance_test

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// breakage turns the simulator into a deliberately broken gateway: a
// proxy between the kit and the simulator applies it to every frame.
type breakage struct {
	// up sees (and may change) each JSON frame from the kit; it returns
	// false to keep the frame from the simulator (it may answer through
	// sendClient).
	up func(s *pipe, f obj) bool
	// down sees each JSON frame from the simulator and returns what the
	// kit gets instead (nil: nothing).
	down func(s *pipe, f obj) []obj
	// downBinary rewrites each binary frame from the simulator.
	downBinary func(data []byte) []byte
}

// pipe is one proxied connection.
type pipe struct {
	client, gateway *websocket.Conn
	mu              sync.Mutex // serialises writes to client
	state           map[string]any
}

func (p *pipe) toClient(mt int, data []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.client.WriteMessage(mt, data)
}

// end closes both sockets.
func (p *pipe) end() {
	p.gateway.Close()
	p.client.Close()
}

// sendClient writes f to the kit.
func (p *pipe) sendClient(f obj) {
	data, _ := json.Marshal(f)
	_ = p.toClient(websocket.TextMessage, data)
}

// startProxy serves b in front of the simulator at target and returns the
// proxy's URL.
func startProxy(t *testing.T, target string, b breakage) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	up := websocket.Upgrader{}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		client, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		gw, _, err := websocket.DefaultDialer.Dial(target, nil)
		if err != nil {
			client.Close()
			return
		}
		p := &pipe{client: client, gateway: gw, state: map[string]any{}}
		// A close from the kit goes on to the simulator, and the kit gets
		// the simulator's answer, so that "closed" means the same as
		// without the proxy: the gateway has seen it.
		client.SetCloseHandler(func(code int, text string) error {
			return gw.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
		})
		go p.pumpDown(b)
		p.pumpUp(b)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "ws://" + ln.Addr().String() + "/"
}

// pumpUp carries the kit's frames to the simulator until either side ends.
func (p *pipe) pumpUp(b breakage) {
	for {
		mt, data, err := p.client.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return // pumpDown ends the pipe when the simulator answers
		}
		if err != nil {
			p.end()
			return
		}
		if mt == websocket.TextMessage && b.up != nil {
			f, err := decode(data)
			if err == nil && !b.up(p, f) {
				continue
			}
			if err == nil {
				data, _ = json.Marshal(f) // as up left it
			}
		}
		if err := p.gateway.WriteMessage(mt, data); err != nil {
			p.end()
			return
		}
	}
}

// pumpDown carries the simulator's frames to the kit.
func (p *pipe) pumpDown(b breakage) {
	defer p.end()
	for {
		mt, data, err := p.gateway.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			p.mu.Lock()
			_ = p.client.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(ce.Code, ce.Text), time.Now().Add(time.Second))
			p.mu.Unlock()
		}
		if err != nil {
			return
		}
		switch {
		case mt == websocket.BinaryMessage && b.downBinary != nil:
			data = b.downBinary(data)
		case mt == websocket.TextMessage && b.down != nil:
			f, err := decode(data)
			if err != nil {
				break
			}
			for _, g := range b.down(p, f) {
				p.sendClient(g)
			}
			continue
		}
		if err := p.toClient(mt, data); err != nil {
			return
		}
	}
}
