// Package wstest serves hand-written WebSocket peers on 127.0.0.1 for
// tests: a gateway that misbehaves in ways the simulator does not.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package wstest

import (
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
)

// Serve runs peer for every WebSocket connection accepted on a loopback
// server that lives until the test ends, and returns the server's ws://
// URL. The connection is closed when peer returns.
func Serve(t testing.TB, peer func(ws *websocket.Conn)) string {
	t.Helper()
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		peer(ws)
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/"
}

// ClientFrames yields the frames a client sends on ws until the connection
// fails, skipping any that do not decode as client frames.
func ClientFrames(ws *websocket.Conn) iter.Seq[frame.Frame] {
	return func(yield func(frame.Frame) bool) {
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			f, err := frame.Decode(data, frame.FromClient)
			if err != nil {
				continue
			}
			if !yield(f) {
				return
			}
		}
	}
}
