package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// TestUnusableHandshakeIsFinalAndShown: against a gateway whose hello.ack
// Iris cannot use, the real binary shows the final "handshake failed"
// state with the reason (no endless reconnecting), and quitting exits 5.
func TestUnusableHandshakeIsFinalAndShown(t *testing.T) {
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		if _, _, err := ws.ReadMessage(); err != nil {
			return
		}
		ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello.ack","payload":"welcome"}`))
		ws.ReadMessage() // hold the connection until the client hangs up
	}))
	t.Cleanup(srv.Close)
	e := newEnv(t)
	r := e.start("--url", "ws"+strings.TrimPrefix(srv.URL, "http")+"/", "--token", "tok")
	screen := r.waitShows("✗ handshake failed")
	if bar := statusBar(screen); strings.Contains(bar, "reconnecting") || !strings.Contains(bar, "malformed hello.ack payload") {
		t.Fatalf("status bar %q", bar)
	}
	r.keys("C-c")
	if code := r.waitExit(); code != 5 {
		t.Fatalf("exit code %d after a failed handshake, want 5; screen:\n%s", code, r.screen())
	}
}
