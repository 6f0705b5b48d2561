package session

import (
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// The connection's events, as every Conn delivers them (a *wsclient.Client,
// or a connection shared between processes): front-ends read them through
// these names, so that none but the engine imports the client.
type (
	// Event is one thing the connection reports, in arrival order.
	Event = wsclient.Event
	// FrameEvent is a frame from the gateway (Replayed in a sync replay).
	FrameEvent = wsclient.FrameEvent
	// HelloEvent is the gateway's hello.ack.
	HelloEvent = wsclient.HelloEvent
	// CursorEvent is the end of a sync replay, with the cursor reached.
	CursorEvent = wsclient.CursorEvent
	// CursorResetEvent is a gateway that went back to an older cursor.
	CursorResetEvent = wsclient.CursorResetEvent
	// SyncFailedEvent is a sync the gateway refused, retried later.
	SyncFailedEvent = wsclient.SyncFailedEvent
	// StateEvent is a change of the connection's state.
	StateEvent = wsclient.StateEvent
	// SilenceEvent is the gateway not answering a ping, or talking again.
	SilenceEvent = wsclient.SilenceEvent
	// ProtocolErrorEvent is a frame the client could not accept.
	ProtocolErrorEvent = wsclient.ProtocolErrorEvent
	// ConnState is the connection's state in a StateEvent.
	ConnState = wsclient.State
	// AuthError is why the gateway refused the token.
	AuthError = wsclient.AuthError
	// HandshakeError is why the hello exchange failed.
	HandshakeError = wsclient.HandshakeError
	// UploadSpec describes a file to upload (media.upload).
	UploadSpec = wsclient.UploadSpec
)

// NeedsInsecure reports whether a gateway URL is one the connection
// refuses without --insecure (plain ws:// off loopback).
func NeedsInsecure(url string) bool { return wsclient.NeedsInsecure(url) }

// The connection's states (StateEvent.State).
const (
	StateConnecting       = wsclient.StateConnecting
	StateOnline           = wsclient.StateOnline
	StateReconnecting     = wsclient.StateReconnecting
	StateAuthFailed       = wsclient.StateAuthFailed
	StateProtocolMismatch = wsclient.StateProtocolMismatch
	StateHandshakeFailed  = wsclient.StateHandshakeFailed
	StateStopped          = wsclient.StateStopped
)

// NewInstance takes a hello.ack's instance_id: a gateway process other
// than the one this device last saw (restarted) forgot its turns and
// pickers, so reconciliation starts over and the change withdraws them.
// The hello.ack itself is applied after it (store.State.Apply).
func (e *Engine) NewInstance(ack *frame.HelloAck) store.Change {
	restarted, chg := e.st.NewInstance(ack)
	if !restarted {
		return store.Change{}
	}
	e.recon.GatewayReset() // a new gateway process lost its turns too
	return chg
}

// ResetCursor lowers the store's cursor to a gateway that went back
// (store.State.ResetCursor); such a gateway lost its turns too.
func (e *Engine) ResetCursor(gateway int64) store.Change {
	e.recon.GatewayReset()
	return e.st.ResetCursor(gateway)
}

// Connected tells the engine the connection's state changed: online it
// sends again (Flush) and reconciliation waits for the sync's end;
// otherwise the running lanes and streaming replies are marked in
// memory, so the front-end says so at once (store.State.ConnectionLost).
func (e *Engine) Connected(s ConnState) store.Change {
	was := e.online
	e.online = s == StateOnline
	switch {
	case e.online && !was:
		e.recon.Reconnected()
	case !e.online:
		e.recon.Disconnected()
		return e.st.ConnectionLost()
	}
	return store.Change{}
}
