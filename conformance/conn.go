package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// in is one frame received from the gateway: a decoded JSON frame, or the
// bytes of a binary frame (bin non-nil).
type in struct {
	frame.Frame
	bin    []byte
	badErr error // the JSON frame could not be decoded (Frame is partial)
}

// isErr reports whether the frame is an `error` for request id.
func (f in) isErr(id int64) bool { return f.bin == nil && f.Type == frame.TypeError && f.ID == id }

// errCode returns the code of an `error` frame.
func (f in) errCode() string {
	if e, ok := f.Payload.(*frame.Error); ok {
		return e.Code
	}
	return ""
}

// describe names the frame for a failure reason.
func (f in) describe() string {
	switch {
	case f.bin != nil:
		return fmt.Sprintf("a binary frame of %d bytes", len(f.bin))
	case f.Type == frame.TypeError:
		e, _ := f.Payload.(*frame.Error)
		if e == nil {
			return "error"
		}
		return fmt.Sprintf("error %s (%q)", e.Code, e.Message)
	}
	return f.Type
}

// conn is one device's raw connection. A reader goroutine appends every
// frame received to a log that rules search from a mark on.
type conn struct {
	k      *kit
	ws     *websocket.Conn
	device string

	writeMu sync.Mutex

	mu     sync.Mutex
	log    []in
	closed error         // why reading ended, nil while open
	wake   chan struct{} // closed and replaced on every change
}

// dial opens a socket for device without saying hello.
func (k *kit) dial(ctx context.Context, device string) (*conn, error) {
	ws, err := wsclient.DialRaw(ctx, wsclient.Config{
		URL: k.opts.URL, Token: k.opts.Token, DeviceID: device, Insecure: k.opts.Insecure, CAFile: k.opts.CAFile,
	})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(64 << 20)
	c := &conn{k: k, ws: ws, device: device, wake: make(chan struct{})}
	k.track(c)
	go c.read()
	return c, nil
}

func (c *conn) read() {
	for {
		mt, data, err := c.ws.ReadMessage()
		if err != nil {
			c.mu.Lock()
			c.closed = err
			c.changedLocked()
			c.mu.Unlock()
			return
		}
		var f in
		if mt == websocket.BinaryMessage {
			f.bin = data
		} else {
			f.Frame, f.badErr = frame.Decode(data, frame.FromServer)
		}
		c.mu.Lock()
		c.log = append(c.log, f)
		c.changedLocked()
		c.mu.Unlock()
	}
}

func (c *conn) changedLocked() {
	close(c.wake)
	c.wake = make(chan struct{})
}

// mark returns the position of the next frame to arrive.
func (c *conn) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.log)
}

// since returns the frames received from position from on.
func (c *conn) since(from int) []in {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]in(nil), c.log[min(from, len(c.log)):]...)
}

// errClosed is wrapped by waits that ended because the socket closed.
var errClosed = errors.New("the gateway closed the connection")

// wait returns the first frame from position from on that match accepts,
// and the position after it. It fails when ctx ends (the reason says what
// was awaited) or the socket closes first.
func (c *conn) wait(ctx context.Context, from int, what string, match func(in) bool) (in, int, error) {
	for {
		c.mu.Lock()
		for i := from; i < len(c.log); i++ {
			if match(c.log[i]) {
				f := c.log[i]
				c.mu.Unlock()
				return f, i + 1, nil
			}
		}
		from = len(c.log)
		closed, wake := c.closed, c.wake
		c.mu.Unlock()
		if closed != nil {
			return in{}, from, fmt.Errorf("%w while waiting for %s", errClosed, what)
		}
		select {
		case <-wake:
		case <-ctx.Done():
			return in{}, from, fmt.Errorf("no %s before the rule's deadline (%s)", what, c.k.opts.Timeout)
		}
	}
}

// quiet watches for the kit's window and returns the frames from position
// from on that match accepts (none for a gateway that stays quiet).
func (c *conn) quiet(ctx context.Context, from int, match func(in) bool) []in {
	t := time.NewTimer(c.k.opts.Window)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
	var got []in
	for _, f := range c.since(from) {
		if match(f) {
			got = append(got, f)
		}
	}
	return got
}

// send writes one JSON frame: "v":1 plus the given fields.
func (c *conn) send(fields map[string]any) error {
	if _, ok := fields["v"]; !ok {
		fields["v"] = frame.Version
	}
	data, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	return c.write(websocket.TextMessage, data)
}

func (c *conn) write(mt int, data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(c.k.opts.Timeout))
	return c.ws.WriteMessage(mt, data)
}

// close ends the connection with a close frame and waits (briefly) for the
// gateway to answer it, so that the gateway knows the device is offline.
func (c *conn) close() {
	c.writeMu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
	c.writeMu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), c.k.opts.Window)
	defer cancel()
	_, _, _ = c.wait(ctx, c.mark(), "close", func(in) bool { return false })
	c.ws.Close()
}
