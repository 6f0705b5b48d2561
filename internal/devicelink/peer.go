package devicelink

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"sync"
	"time"

	"github.com/hermes/iris/frame"
)

// writeTimeout bounds one write to an attached process: one that stopped
// reading its socket is cut off rather than stalling the holder's exit.
const writeTimeout = 5 * time.Second

// maxBacklog is how many messages may wait for an attached process that
// reads too slowly before it is cut off (it then attaches again).
const maxBacklog = 1 << 20

// peer is the holder's side of one attached process.
type peer struct {
	conn *net.UnixConn

	mu   sync.Mutex
	out  []msg
	wake chan struct{}
	done bool // nothing more is sent: what is queued is written, then the socket closes
	// calls are the requests in flight by the attacher's id: cancel ends
	// them, pipe feeds an upload its chunks.
	calls map[int64]*call
}

type call struct {
	cancel context.CancelFunc
	pipe   *io.PipeWriter
}

func newPeer(conn *net.UnixConn) *peer {
	return &peer{conn: conn, wake: make(chan struct{}, 1), calls: map[int64]*call{}}
}

// send queues m for the attached process.
func (p *peer) send(m msg) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	if len(p.out) >= maxBacklog {
		p.done = true
		p.conn.Close()
		return
	}
	p.out = append(p.out, m)
	p.signal()
}

// finish sends nothing more: the queue is written and the socket closed.
func (p *peer) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = true
	p.signal()
}

func (p *peer) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// write writes the queued messages until finish, then closes the socket.
func (p *peer) write() {
	defer p.conn.Close()
	bw := bufio.NewWriter(p.conn)
	enc := json.NewEncoder(bw)
	for {
		p.mu.Lock()
		batch, done := p.out, p.done
		p.out = nil
		p.mu.Unlock()
		if len(batch) == 0 {
			if done {
				return
			}
			<-p.wake
			continue
		}
		p.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		for _, m := range batch {
			if enc.Encode(m) != nil {
				return
			}
		}
		if bw.Flush() != nil {
			return
		}
	}
}

// serve runs the attached process's requests until its socket closes;
// then the requests still running are cancelled.
func (p *peer) serve(dec *json.Decoder, h *holder) {
	defer p.cancelAll()
	for {
		var m msg
		if err := dec.Decode(&m); err != nil {
			return
		}
		switch m.Op {
		case "request", "post":
			f, err := frame.Decode(m.Frame, frame.FromClient)
			if err != nil {
				p.send(msg{Op: "reply", ID: m.ID, Err: encodeErr(err)})
				continue
			}
			ctx := p.track(m.ID, nil)
			go func() {
				defer p.untrack(m.ID)
				if m.Op == "post" {
					ok, err := h.c.Post(ctx, f)
					p.send(msg{Op: "reply", ID: m.ID, Confirmed: ok, Err: encodeErr(err)})
					return
				}
				resp, err := h.c.Request(ctx, f)
				r := msg{Op: "reply", ID: m.ID, Err: encodeErr(err)}
				if resp.Type != "" {
					r.Frame = encodeFrame(resp)
				}
				p.send(r)
			}()
		case "upload":
			if m.Spec == nil {
				p.send(msg{Op: "reply", ID: m.ID, Err: &wireErr{Kind: "text", Message: "upload without its spec"}})
				continue
			}
			pr, pw := io.Pipe()
			ctx := p.track(m.ID, pw)
			go func() {
				defer p.untrack(m.ID)
				ref, err := h.c.Upload(ctx, *m.Spec, pr, nil)
				pr.CloseWithError(errUploadOver)
				p.send(msg{Op: "reply", ID: m.ID, Ref: ref, Err: encodeErr(err)})
			}()
		case "chunk", "end":
			if pw := p.pipe(m.ID); pw != nil {
				if m.Op == "end" {
					pw.Close()
				} else {
					pw.Write(m.Data) // fails once the upload is over: its reply says why
				}
			}
		case "cancel":
			p.mu.Lock()
			if c := p.calls[m.ID]; c != nil {
				c.cancel()
			}
			p.mu.Unlock()
		}
	}
}

// errUploadOver ends the chunks of an upload that already finished.
var errUploadOver = errors.New("the upload is over")

func (p *peer) track(id int64, pipe *io.PipeWriter) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	p.mu.Lock()
	p.calls[id] = &call{cancel: cancel, pipe: pipe}
	p.mu.Unlock()
	return ctx
}

func (p *peer) untrack(id int64) {
	p.mu.Lock()
	if c := p.calls[id]; c != nil {
		c.cancel()
		delete(p.calls, id)
	}
	p.mu.Unlock()
}

func (p *peer) pipe(id int64) *io.PipeWriter {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.calls[id]; c != nil {
		return c.pipe
	}
	return nil
}

func (p *peer) cancelAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.calls {
		c.cancel()
		if c.pipe != nil {
			c.pipe.CloseWithError(errUploadOver)
		}
	}
}
