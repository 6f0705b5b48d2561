package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

// TestUploadRefusedByAckShowsItsReason: over a real socket, a gateway that
// answers media.upload.ack with ok:false fails the attachment's chip with
// its reason (sanitised), sends no message and keeps the text.
func TestUploadRefusedByAckShowsItsReason(t *testing.T) {
	g := newScriptedGW(t)
	g.On(frame.TypeMediaUploadEnd, func(req frame.Frame) {
		g.Answer(req, frame.TypeMediaUploadAck, &frame.MediaUploadAck{OK: frame.Ptr(false), Reason: "quota \x1b[31mexceeded"})
	})
	e := g.dial()
	e.typeText("/attach " + writeFile(t, "notes.txt", []byte("hello")))
	e.key(tea.KeyEnter, 0)
	e.typeText("see attached")
	e.key(tea.KeyEnter, 0)
	e.until("the refusal on the chip", e.shows("the gateway refused the upload: quota ␛[31mexceeded"))
	if e.m.Composer() != "see attached" {
		t.Fatalf("composer after a refused upload: %q", e.m.Composer())
	}
	if sent := g.Sent(frame.TypeMessageSend); len(sent) != 0 {
		t.Fatalf("a message was sent with a refused upload: %+v", sent)
	}
}

// TestSyncFailureShownInStatusBar: the client's SyncFailedEvent shows in
// the status bar with the gateway's reason, the retry delay and attempt;
// the retry stays shown next to the connection state (also after a key)
// until a sync succeeds.
func TestSyncFailureShownInStatusBar(t *testing.T) {
	h := newHarness(t, 140, 20)
	h.online()
	h.send(inbound(&wsclient.SyncFailedEvent{Err: &frame.Error{Code: frame.CodeInternal, Message: "outbox locked"},
		Attempt: 2, Delay: 1500 * time.Millisecond}))
	h.mustShow("● online ↻ sync failed, retrying in 2s (attempt 2)", "sync failed: gateway error internal: outbox locked")
	h.typeText("x")
	h.mustShow("● online ↻ sync failed, retrying in 2s (attempt 2)")
	h.send(inbound(&wsclient.CursorEvent{Cursor: 9}))
	h.mustNotShow("↻ sync failed")
}

// TestCursorResetLowersTheStoredCursor: a CursorResetEvent lowers the
// store's cursor to the gateway's, so the next sync asks from there.
func TestCursorResetLowersTheStoredCursor(t *testing.T) {
	h := newHarness(t, 120, 20)
	h.frame(frame.Frame{Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: 42}})
	h.send(inbound(&wsclient.CursorResetEvent{Stored: 42, Gateway: 3}))
	if got := h.st.Cursor(); got != 3 {
		t.Fatalf("store cursor %d after a reset to 3", got)
	}
}

// TestUnusableHandshakeShowsWhy: over a real socket, a hello.ack Iris
// cannot use puts the status bar in the final "handshake failed" state
// with the reason, instead of reconnecting for ever.
func TestUnusableHandshakeShowsWhy(t *testing.T) {
	url := wstest.Serve(t, func(ws *websocket.Conn) {
		if _, _, err := ws.ReadMessage(); err != nil {
			return
		}
		ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello.ack","payload":"welcome"}`))
		ws.ReadMessage() // hold the connection until the client hangs up
	})
	e := startEnv(t, url, wsclient.Timing{})
	e.until("the final state", e.shows("✗ handshake failed — malformed hello.ack payload: payload is a string, not an object"))
	e.mustNotShow("reconnecting")
}
