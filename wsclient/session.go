package wsclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// session is one WebSocket connection: the handshake, then one reader
// (serve), a keepalive goroutine and writers serialised by writeMu.
type session struct {
	c  *Client
	ws *websocket.Conn

	writeMu sync.Mutex
	done    chan struct{} // closed by end
	endOnce sync.Once

	mu       sync.Mutex // guards pending, pull, ended, reported
	pending  map[int64]chan result
	pull     *pullState
	ended    bool
	reported map[string]bool // protocol error kinds already reported

	syncID atomic.Int64 // id of the sync in flight (set again by a retry)

	// caps are hello.ack's server_caps, set by handshake before any other
	// goroutine writes (see fit).
	caps frame.ServerCaps

	// Reader goroutine only.
	buf        bytes.Buffer
	syncFrom   int64 // the cursor the syncs of this connection start from
	syncFails  int   // sync requests answered with an error in a row
	restarting bool

	quiet silence // whether pings are answered (silence.go)
	// draining is set once the close was sent (Config.Drain): nothing more
	// is written, and the socket stays open for the reader.
	draining atomic.Bool
}

// result completes a request.
type result struct {
	f   frame.Frame
	err error
}

func newSession(c *Client, ws *websocket.Conn) *session {
	s := &session{
		c:        c,
		ws:       ws,
		done:     make(chan struct{}),
		pending:  map[int64]chan result{},
		reported: map[string]bool{},
	}
	alive := func(string) error {
		return ws.SetReadDeadline(s.listen())
	}
	ws.SetPongHandler(alive)
	ws.SetPingHandler(func(data string) error {
		alive(data)
		err := ws.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(c.cfg.Timing.WriteTimeout))
		if errors.Is(err, websocket.ErrCloseSent) {
			return nil
		}
		return err
	})
	return s
}

// closeOn closes the socket when ctx ends first; with Config.Drain it
// sends a WebSocket close instead, and the reader goes on until the
// gateway's answer (or the drain's end, serveContext) ends the socket.
func (s *session) closeOn(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-s.done:
		return
	}
	if s.c.cfg.Drain <= 0 {
		s.ws.Close()
		return
	}
	s.draining.Store(true)
	s.writeMu.Lock()
	err := s.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(s.c.cfg.Timing.WriteTimeout))
	s.writeMu.Unlock()
	if err != nil {
		s.ws.Close()
	}
}

// end closes the connection and fails every pending request with
// ErrConnectionLost. It is idempotent.
func (s *session) end() {
	s.endOnce.Do(func() {
		s.ws.Close()
		close(s.done)
		s.mu.Lock()
		s.ended = true
		pending := s.pending
		s.pending = nil
		s.mu.Unlock()
		for _, ch := range pending {
			ch <- result{err: ErrConnectionLost}
		}
	})
}

// handshake sends hello and waits for hello.ack (the dial context's
// deadline and a read deadline bound it).
func (s *session) handshake() (frame.HelloAck, error) {
	cfg := &s.c.cfg
	hello := frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{
		Token: cfg.Token, DeviceID: cfg.DeviceID, DeviceName: cfg.DeviceName,
		Caps: frame.Caps{MinProtocol: frame.Version, Media: frame.Ptr(true), Push: "none", PickerAnswered: frame.Ptr(true)},
	}}
	if err := s.write(hello); err != nil {
		return frame.HelloAck{}, err
	}
	deadline := time.Now().Add(cfg.Timing.HelloTimeout)
	var unreadable error // the last frame before hello.ack that did not decode
	for {
		s.ws.SetReadDeadline(deadline)
		data, binary, err := s.read()
		if err != nil {
			switch {
			case isTimeout(err) && unreadable != nil:
				return frame.HelloAck{}, &HandshakeError{Err: fmt.Errorf("no readable hello.ack in time; the gateway sent: %w", unreadable)}
			case isTimeout(err):
				return frame.HelloAck{}, errors.New("no hello.ack from the gateway in time")
			}
			return frame.HelloAck{}, fmt.Errorf("waiting for hello.ack: %w", err)
		}
		if binary {
			continue
		}
		s.tap(false, data)
		f, err := frame.Decode(data, frame.FromServer)
		var ve *frame.VersionError
		switch {
		case errors.As(err, &ve):
			return frame.HelloAck{}, err
		case err != nil && f.Type == frame.TypeHelloAck:
			return frame.HelloAck{}, &HandshakeError{Err: err}
		case err != nil:
			unreadable = err
			s.c.log.Warn("wsclient: skipping a malformed frame before hello.ack", "err", err)
		case f.Type == frame.TypeHelloAck:
			s.c.fieldWarn.note(f)
			ack := f.Payload.(*frame.HelloAck)
			s.caps = ack.ServerCaps
			return *ack, nil
		case f.Type == frame.TypeError:
			e := f.Payload.(*frame.Error)
			switch e.Code {
			case frame.CodeAuth:
				return frame.HelloAck{}, &AuthError{Message: e.Message}
			case frame.CodeUnsupported:
				return frame.HelloAck{}, &HandshakeError{Err: fmt.Errorf("hello refused: %w", e)}
			}
			return frame.HelloAck{}, fmt.Errorf("hello refused: %w", e)
		}
	}
}

// serve syncs from cursor, starts the keepalive and reads frames until the
// connection fails.
func (s *session) serve(ctx context.Context, cursor int64) error {
	s.syncFrom = cursor
	s.c.dedupe.startSync(cursor)
	if err := s.sendSync(); err != nil {
		return err
	}
	go s.keepalive()
	for {
		s.ws.SetReadDeadline(s.listen())
		data, binary, err := s.read()
		switch {
		case errors.Is(err, ErrFrameTooLarge):
			s.protocolError(ctx, "size", err)
		case err != nil:
			if isTimeout(err) {
				return ErrDead
			}
			return err
		case binary:
			s.handleBinary(ctx, data)
		default:
			s.handleText(ctx, data)
		}
	}
}

// read returns the next message; data is valid until the next read. A
// message above MaxFrameSize is discarded and reported as ErrFrameTooLarge.
func (s *session) read() (data []byte, binary bool, err error) {
	mt, r, err := s.ws.NextReader()
	if err != nil {
		return nil, false, err
	}
	s.busy() // a message is coming in: its bytes are an answer, however slow
	if s.buf.Cap() > 4<<20 {
		s.buf = bytes.Buffer{} // don't keep a huge buffer after a big frame
	}
	s.buf.Reset()
	limit := s.c.cfg.MaxFrameSize
	n, err := s.buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, false, err
	}
	if n > limit {
		if _, err := io.Copy(io.Discard, r); err != nil {
			return nil, false, err
		}
		s.buf = bytes.Buffer{}
		return nil, false, fmt.Errorf("%w: more than %d bytes, skipped", ErrFrameTooLarge, limit)
	}
	return s.buf.Bytes(), mt == websocket.BinaryMessage, nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// keepalive sends a ping every PingInterval until the session ends, and
// reports a ping still unanswered PingGrace after it went out.
func (s *session) keepalive() {
	t := time.NewTicker(s.c.cfg.Timing.PingInterval)
	defer t.Stop()
	var grace <-chan time.Time
	var pingAt time.Time
	for {
		select {
		case <-t.C:
			now := time.Now()
			ping := frame.Frame{Type: frame.TypePing, Payload: &frame.Ping{TS: now.UnixMilli()}}
			if err := s.write(ping); err != nil {
				return
			}
			if grace == nil {
				pingAt, grace = now, time.After(s.c.cfg.Timing.PingGrace)
			}
		case <-grace:
			grace = nil
			s.checkAnswered(pingAt)
		case <-s.done:
			return
		}
	}
}

// write encodes and sends one JSON frame, fitted to the gateway's caps
// (fit). A failed write closes the socket (the reader then ends the
// session) and returns ErrConnectionLost.
func (s *session) write(f frame.Frame) error {
	data, err := frame.Encode(s.fit(f))
	if err != nil {
		return err
	}
	if err := s.writeRaw(websocket.TextMessage, data); err != nil {
		return err
	}
	s.tap(true, data)
	return nil
}

// writeRaw sends one message of type mt.
func (s *session) writeRaw(mt int, data []byte) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if s.draining.Load() {
		return fmt.Errorf("%w: the connection is closing", ErrConnectionLost)
	}
	s.ws.SetWriteDeadline(time.Now().Add(s.c.cfg.Timing.WriteTimeout))
	if err := s.ws.WriteMessage(mt, data); err != nil {
		s.ws.Close()
		return fmt.Errorf("%w: %v", ErrConnectionLost, err)
	}
	return nil
}

// tap hands a JSON frame to Config.OnFrame.
func (s *session) tap(outgoing bool, data []byte) {
	if s.c.cfg.OnFrame != nil {
		s.c.cfg.OnFrame(outgoing, data)
	}
}

// protocolError reports a skipped frame once per kind and connection (so a
// misbehaving gateway cannot flood the queue) and logs every occurrence.
func (s *session) protocolError(ctx context.Context, kind string, err error) {
	s.c.log.Warn("wsclient: frame skipped", "kind", kind, "err", err)
	if s.firstReport(kind) {
		s.c.q.push(&ProtocolErrorEvent{Err: err}, ctx.Done())
	}
}

// firstReport reports whether a protocol error of kind is the
// connection's first, and notes it.
func (s *session) firstReport(kind string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	first := !s.reported[kind]
	s.reported[kind] = true
	return first
}
