package gatewaysim

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// itemKind says what an outItem writes.
type itemKind int

const (
	itemText   itemKind = iota // a JSON frame
	itemBinary                 // a binary media chunk
	itemClose                  // a close frame; the writer stops after it
)

// outItem is one queued write of a connection.
type outItem struct {
	kind itemKind
	data []byte
	// f is set for device content (as opposed to responses and media
	// chunks): if the socket dies before it is written, f is parked in the
	// device's outbox.
	f    frame.Frame
	park bool
}

// conn is one WebSocket connection. Its reader runs in the HTTP handler's
// goroutine and dispatches requests; one writer goroutine drains an
// unbounded queue, so producers (Broadcast, the agent) never block on a slow
// client and no frame is dropped.
type conn struct {
	s  *Server
	ws *websocket.Conn

	dev     *device // set by a successful hello; guarded by s.mu
	closing atomic.Bool
	limiter bucket
	upload  *upload // the transfer in progress; reader goroutine only

	mu       sync.Mutex // guards queue
	queue    []outItem
	wake     chan struct{}
	done     chan struct{} // closed by stopWriting; stops the writer
	stopOnce sync.Once
	wrDone   chan struct{} // closed when the writer ends
	// finished is closed once the connection is fully torn down.
	finished chan struct{}
}

func newConn(s *Server, ws *websocket.Conn) *conn {
	c := &conn{
		s:        s,
		ws:       ws,
		limiter:  bucket{rate: s.cfg.RateLimit, burst: float64(s.cfg.RateBurst), tokens: float64(s.cfg.RateBurst), now: s.cfg.Now},
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		wrDone:   make(chan struct{}),
		finished: make(chan struct{}),
	}
	ws.SetReadLimit(readLimit)
	ws.SetPingHandler(func(data string) error {
		if s.silent.Load() {
			return nil
		}
		err := ws.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(time.Second))
		if err == websocket.ErrCloseSent {
			return nil
		}
		return err
	})
	ws.SetCloseHandler(func(code int, _ string) error {
		// A client that says goodbye is no longer its device's connection:
		// what was not written yet is parked before the close is answered,
		// and nothing is written after the answer, which the client would
		// not read. Its successor then replaces nobody.
		c.stopWriting()
		s.detach(c)
		err := ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
		if err == websocket.ErrCloseSent {
			return nil
		}
		return err
	})
	return c
}

// run serves the connection until the socket ends, then tears it down.
func (c *conn) run() {
	go c.writeLoop()
	defer c.teardown()
	for {
		mt, data, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		if c.closing.Load() {
			continue
		}
		if mt == websocket.BinaryMessage {
			if c.s.silent.Load() || !c.s.fire(dirRecv, binaryFrame, false) {
				c.handleBinary(data)
			}
			continue
		}
		c.handleText(data)
	}
}

// teardown stops the writer, parks what was never written and forgets the
// connection.
func (c *conn) teardown() {
	c.stopWriting()
	c.ws.Close()
	c.upload = nil
	c.s.detach(c)
	close(c.finished)
}

// stopWriting stops the writer and waits until it has ended; a batch it
// is writing is finished first.
func (c *conn) stopWriting() {
	c.stopOnce.Do(func() { close(c.done) })
	<-c.wrDone
}

// enqueue appends items to the write queue atomically (a media transfer's
// chunks are never interleaved with other frames) and wakes the writer.
func (c *conn) enqueue(items ...outItem) {
	c.mu.Lock()
	c.queue = append(c.queue, items...)
	c.mu.Unlock()
	c.poke()
}

// poke wakes the writer without blocking.
func (c *conn) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// takeQueue removes and returns everything queued.
func (c *conn) takeQueue() []outItem {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := c.queue
	c.queue = nil
	return q
}

// writeLoop drains the queue until the reader ends or a write fails. A failed
// batch's unwritten items go back to the front of the queue, to be parked.
func (c *conn) writeLoop() {
	defer close(c.wrDone)
	for {
		select {
		case <-c.wake:
		case <-c.done:
			return
		}
		if c.s.silent.Load() {
			continue
		}
		batch := c.takeQueue()
		for i, it := range batch {
			if err := c.write(it); err != nil {
				c.requeue(batch[i:])
				c.kill()
				return
			}
			c.s.fireWritten(it)
			if it.kind == itemClose {
				// Let the reader see the client's close reply, then end.
				c.requeue(batch[i+1:])
				c.closing.Store(true)
				c.ws.SetReadDeadline(time.Now().Add(time.Second))
				return
			}
		}
	}
}

// requeue puts unwritten items back at the front of the queue, where
// teardown finds them to park.
func (c *conn) requeue(items []outItem) {
	c.mu.Lock()
	c.queue = append(items[:len(items):len(items)], c.queue...)
	c.mu.Unlock()
}

// write performs one queued write.
func (c *conn) write(it outItem) error {
	c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
	switch it.kind {
	case itemBinary:
		return c.ws.WriteMessage(websocket.BinaryMessage, it.data)
	case itemClose:
		msg := websocket.FormatCloseMessage(websocket.CloseNormalClosure, "")
		if len(it.data) > 0 {
			msg = it.data
		}
		return c.ws.WriteMessage(websocket.CloseMessage, msg)
	default:
		return c.ws.WriteMessage(websocket.TextMessage, it.data)
	}
}

// kill closes the TCP connection abruptly.
func (c *conn) kill() {
	c.ws.NetConn().Close()
}

// send encodes f and queues it as a response (never parked).
func (c *conn) send(f frame.Frame) {
	if data, ok := c.s.encode(f); ok {
		c.enqueue(outItem{data: data})
	}
}

// sendError answers a request (id may be 0) with an error frame.
func (c *conn) sendError(id int64, code, msg string) {
	c.send(frame.Frame{ID: id, Type: frame.TypeError, Payload: &frame.Error{Code: code, Message: msg}})
}

// fail answers with an error and closes the connection (auth failures).
func (c *conn) fail(id int64, code, msg string) {
	c.closing.Store(true)
	data, ok := c.s.encode(frame.Frame{ID: id, Type: frame.TypeError, Payload: &frame.Error{Code: code, Message: msg}})
	if !ok {
		c.kill()
		return
	}
	reason := websocket.FormatCloseMessage(websocket.ClosePolicyViolation, code)
	c.enqueue(outItem{data: data}, outItem{kind: itemClose, data: reason})
}
