package e2e

import (
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/internal/wstest"
)

// TestUnusableHandshakeIsFinalAndShown: against a gateway whose hello.ack
// Iris cannot use, the real binary shows the final "handshake failed"
// state with the reason (no endless reconnecting), and quitting exits 5.
func TestUnusableHandshakeIsFinalAndShown(t *testing.T) {
	url := wstest.Serve(t, func(ws *websocket.Conn) {
		if _, _, err := ws.ReadMessage(); err != nil {
			return
		}
		ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello.ack","payload":"welcome"}`))
		ws.ReadMessage() // hold the connection until the client hangs up
	})
	e := newEnv(t)
	r := e.start("--url", url, "--token", "tok")
	screen := r.waitShows("✗ handshake failed")
	if bar := statusBar(screen); strings.Contains(bar, "reconnecting") || !strings.Contains(bar, "malformed hello.ack payload") {
		t.Fatalf("status bar %q", bar)
	}
	r.keys("C-c")
	if code := r.waitExit(); code != 5 {
		t.Fatalf("exit code %d after a failed handshake, want 5; screen:\n%s", code, r.screen())
	}
}
