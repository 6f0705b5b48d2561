package gatewaysim

import (
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/hermes/iris/frame"
)

// panicMessage is the error message of a request whose handler panicked.
const panicMessage = "internal error"

// handler serves one request type on an authenticated connection.
type handler func(c *conn, f frame.Frame)

// handlers maps request types to their handlers.
var handlers = map[string]handler{
	frame.TypePing:             (*conn).handlePing,
	frame.TypeSync:             (*conn).handleSync,
	frame.TypeMessageSend:      inLane((*conn).handleMessageSend),
	frame.TypeMessageDelete:    inLane((*conn).handleMessageDelete),
	frame.TypeHistory:          inLane((*conn).handleHistory),
	frame.TypeSearch:           (*conn).handleSearch,
	frame.TypeReadReceipt:      (*conn).handleReadReceipt,
	frame.TypeChannelList:      (*conn).handleChannelList,
	frame.TypeChannelCreate:    (*conn).handleChannelCreate,
	frame.TypeChannelRename:    inLane((*conn).handleChannelRename),
	frame.TypeChannelSetDef:    inLane((*conn).handleChannelSetDefault),
	frame.TypeChannelDelete:    inLane((*conn).handleChannelDelete),
	frame.TypeCommandsCatalog:  (*conn).handleCommandsCatalog,
	frame.TypeCommandsComplete: (*conn).handleCommandsComplete,
	frame.TypeAgentStop:        (*conn).handleAgentStop,
	frame.TypeAgentSteer:       (*conn).handleAgentSteer,
	frame.TypePickerSelect:     (*conn).handlePickerSelect,
	frame.TypeMediaUploadStart: (*conn).handleUploadStart,
	frame.TypeMediaUploadEnd:   (*conn).handleUploadEnd,
	frame.TypeMediaPull:        (*conn).handleMediaPull,
	frame.TypeFCMRegister:      (*conn).handleFCMRegister,
	frame.TypeHello:            (*conn).handleSecondHello,
}

// inLane adapts a handler that works on the request's lane: it runs with
// s.mu held and the resolved directory entry; an unknown lane is answered
// not_found.
func inLane(h func(c *conn, f frame.Frame, e *entry)) handler {
	return func(c *conn, f frame.Frame) {
		c.s.mu.Lock()
		defer c.s.mu.Unlock()
		if e := c.laneLocked(f); e != nil {
			h(c, f, e)
		}
	}
}

// handleText decodes and dispatches one JSON frame. Nothing a client sends
// can crash the server: a panic in a handler becomes an internal error.
func (c *conn) handleText(data []byte) {
	if c.s.cfg.ProtocolVersion != frame.Version {
		c.refuseVersion(data)
		return
	}
	f, err := frame.Decode(data, frame.FromClient)
	if c.s.silent.Load() && (err != nil || len(f.Issues) > 0) {
		return
	}
	if raw, ok := envelopeID(data, f.Issues, err); !ok {
		c.sendErrorRawID(raw, frame.CodeUnsupported, "the id must be an integer, got "+quote(string(raw)))
		return
	}
	if err != nil {
		var verr *frame.VersionError
		if errors.As(err, &verr) {
			c.sendError(f.ID, frame.CodeUnsupported, fmt.Sprintf("protocol v%d is not supported; this gateway speaks v%d", verr.Got, frame.Version))
			return
		}
		c.sendError(f.ID, frame.CodeUnsupported, err.Error())
		return
	}
	if fi, bad := refusedIssue(data, f.Issues); bad { // see admit.go
		c.sendError(f.ID, frame.CodeUnsupported, fmt.Sprintf("malformed %s: field %s: got %s, want %s", f.Type, fi.Field, fi.Got, fi.Want))
		return
	}
	if c.s.silent.Load() {
		c.s.record(f)
		return
	}
	// Triggers fire before the frame is served: a drop then loses the
	// response (device content is parked), as when a socket dies just after
	// the gateway read a request; a cut loses the request itself.
	if c.s.fire(dirRecv, f.Type, false) {
		c.s.log.Info("gatewaysim: frame lost with the socket", "type", f.Type)
		return
	}
	c.s.record(f)
	defer func() {
		if r := recover(); r != nil {
			c.s.log.Error("gatewaysim: handler panic", "type", f.Type, "panic", r)
			c.sendError(f.ID, frame.CodeInternal, panicMessage)
		}
	}()
	if e, ok := c.s.faults.takeFailure(f.Type); ok {
		c.sendError(f.ID, e.Code, e.Message)
		return
	}
	if c.dev == nil {
		c.handleHello(f)
		return
	}
	if !c.limiter.allow() {
		c.sendError(f.ID, frame.CodeRateLimited, "too many frames; slow down")
		return
	}
	h, ok := handlers[f.Type]
	if !ok {
		// Unknown types are ignored (forward compatibility, spec §Envelope).
		c.s.log.Debug("gatewaysim: ignored frame of unknown type", "type", f.Type)
		return
	}
	h(c, f)
}

// refuseVersion answers the first frame of a simulator configured for
// another protocol version with unsupported (in that version) and closes.
func (c *conn) refuseVersion(data []byte) {
	f, _ := frame.Decode(data, frame.FromClient)
	c.fail(f.ID, frame.CodeUnsupported, fmt.Sprintf("this gateway speaks protocol v%d", c.s.cfg.ProtocolVersion))
}

// handleHello authenticates the first frame, attaches the device and answers
// hello.ack followed by status online.
func (c *conn) handleHello(f frame.Frame) {
	h, ok := f.Payload.(*frame.Hello)
	if !ok {
		c.fail(f.ID, frame.CodeAuth, "the first frame must be hello")
		return
	}
	if c.s.cfg.Token == "" || subtle.ConstantTimeCompare([]byte(h.Token), []byte(c.s.cfg.Token)) != 1 {
		c.s.log.Info("gatewaysim: hello rejected", "device_id", h.DeviceID)
		c.fail(f.ID, frame.CodeAuth, "invalid token")
		return
	}
	if h.Caps.MinProtocol > frame.Version {
		c.fail(f.ID, frame.CodeUnsupported, fmt.Sprintf("client needs protocol v%d; this gateway speaks v%d", h.Caps.MinProtocol, frame.Version))
		return
	}
	s := c.s
	s.replaceConn(h.DeviceID)
	s.mu.Lock()
	defer s.mu.Unlock()
	id := h.DeviceID
	if id == "" {
		id = s.nextID("anon")
	}
	d := s.deviceByID(id)
	if d == nil {
		d = &device{id: id}
		s.devices = append(s.devices, d)
	}
	s.attachLocked(c, d)
	d.name, d.wantsAnswered = h.DeviceName, h.Caps.PickerAnswered != nil && *h.Caps.PickerAnswered
	d.registerHello(h)
	status := s.status
	ack := &frame.HelloAck{
		ServerCaps:       s.serverCaps(),
		SyncCursor:       d.synced,
		LastPushedCursor: d.pushed,
		Channels:         s.dir.list(),
	}
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeHelloAck, Payload: ack})
	c.send(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: status}})
	s.log.Info("gatewaysim: device online", "device_id", id, "device_name", h.DeviceName)
}

func (c *conn) handleSecondHello(f frame.Frame) {
	c.sendError(f.ID, frame.CodeUnsupported, "already paired on this connection")
}

func (c *conn) handlePing(f frame.Frame) {
	var ts int64
	if p, ok := f.Payload.(*frame.Ping); ok {
		ts = p.TS
	}
	c.send(frame.Frame{ID: f.ID, Type: frame.TypePong, Payload: &frame.Pong{TS: ts}})
}

func (c *conn) handleSync(f frame.Frame) {
	p := f.Payload.(*frame.Sync)
	c.s.mu.Lock()
	c.s.syncLocked(c, f.ID, p.Cursor)
	c.s.mu.Unlock()
}

// ackEcho acknowledges a request the spec gives no response, but only when
// it carries an id: the same type and payload, echoed with that id.
func (c *conn) ackEcho(f frame.Frame) {
	if f.ID == 0 {
		return
	}
	c.send(frame.Frame{ID: f.ID, Type: f.Type, ChatID: f.ChatID, ThreadID: f.ThreadID, Payload: f.Payload})
}

// quote shortens and quotes client text for error messages.
func quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	return fmt.Sprintf("%q", s)
}
