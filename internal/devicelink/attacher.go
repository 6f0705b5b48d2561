package devicelink

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// uploadChunk is how many bytes of an upload one chunk message carries.
const uploadChunk = 64 << 10

// attacher is the role of a process attached to the holder: events come
// from the socket, requests go to it.
type attacher struct {
	l    *Link
	conn *net.UnixConn
	dec  *json.Decoder
	gen  int

	wmu sync.Mutex // one message written at a time

	nextID  atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan msg
	gone    chan struct{} // closed when the socket ends
}

// attach says hello to the holder at conn. retry is set when the holder
// went away before answering (it is shutting down: elect again).
func (l *Link) attach(conn *net.UnixConn) (r role, retry bool, err error) {
	l.mu.Lock()
	hello := msg{Op: "attach", Resume: l.follows, Since: l.opts.Since, Gateway: l.gateway, Holder: l.followed, Seq: l.seq}
	l.gen++
	a := &attacher{l: l, conn: conn, dec: json.NewDecoder(conn), gen: l.gen, pending: map[int64]chan msg{}, gone: make(chan struct{})}
	l.mu.Unlock()
	if err := a.write(hello); err != nil {
		conn.Close()
		return nil, true, nil
	}
	var answer msg
	conn.SetReadDeadline(time.Now().Add(l.wait))
	if err := a.dec.Decode(&answer); err != nil {
		conn.Close()
		return nil, true, nil
	}
	conn.SetReadDeadline(time.Time{})
	switch answer.Op {
	case "attached":
		l.mu.Lock()
		if l.followed != answer.Holder {
			l.followed, l.seq = answer.Holder, 0
		}
		l.mu.Unlock()
		return a, false, nil
	case "refused":
		conn.Close()
		return nil, false, &ForeignError{Path: l.sock, Why: decodeErr(answer.Err).Error()}
	}
	conn.Close()
	return nil, false, &ForeignError{Path: l.sock, Why: "the process there does not speak the Iris device link (it answered " + answer.Op + ")"}
}

func (a *attacher) holds() bool { return false }

// run reads the holder's events and replies until the socket ends (the
// holder went) or ctx does.
func (a *attacher) run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { a.conn.Close() })
	defer stop()
	defer a.conn.Close()
	defer close(a.gone)
	for {
		var m msg
		if err := a.dec.Decode(&m); err != nil {
			return nil
		}
		switch m.Op {
		case "event":
			if m.Event == nil {
				continue
			}
			ev, err := decodeEvent(m.Event)
			if err != nil {
				continue
			}
			a.l.mu.Lock()
			a.l.deliverLocked(ev, true, a.gen)
			if m.Seq > 0 {
				a.l.seq = m.Seq
			}
			a.l.mu.Unlock()
		case "reply":
			a.mu.Lock()
			ch := a.pending[m.ID]
			delete(a.pending, m.ID)
			a.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

func (a *attacher) write(m msg) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	a.wmu.Lock()
	defer a.wmu.Unlock()
	_, err = a.conn.Write(append(b, '\n'))
	return err
}

// open sends the first message of a call and returns where its reply
// comes; an error means it was not sent.
func (a *attacher) open(m msg) (int64, chan msg, error) {
	m.ID = a.nextID.Add(1)
	ch := make(chan msg, 1)
	a.mu.Lock()
	select {
	case <-a.gone:
		a.mu.Unlock()
		return 0, nil, wsclient.ErrOffline
	default:
	}
	a.pending[m.ID] = ch
	a.mu.Unlock()
	if err := a.write(m); err != nil {
		a.mu.Lock()
		delete(a.pending, m.ID)
		a.mu.Unlock()
		return 0, nil, wsclient.ErrOffline
	}
	return m.ID, ch, nil
}

// await waits for call id's reply. When ctx ends first the holder is told
// to cancel it, and its reply still decides (a Client's Post sent before
// ctx ended reports "sent, not confirmed", not ctx's error); when the
// socket ends first, delivery is unknown.
func (a *attacher) await(ctx context.Context, id int64, ch chan msg) (msg, error) {
	select {
	case r := <-ch:
		return r, nil
	case <-a.gone:
	case <-ctx.Done():
		a.write(msg{Op: "cancel", ID: id})
		select {
		case r := <-ch:
			return r, nil
		case <-a.gone:
		}
	}
	select {
	case r := <-ch:
		return r, nil
	default:
		return msg{}, wsclient.ErrConnectionLost
	}
}

func (a *attacher) request(ctx context.Context, f frame.Frame) (frame.Frame, error) {
	id, ch, err := a.open(msg{Op: "request", Frame: encodeFrame(f)})
	if err != nil {
		return frame.Frame{}, err
	}
	r, err := a.await(ctx, id, ch)
	if err != nil {
		return frame.Frame{}, err
	}
	var resp frame.Frame
	if len(r.Frame) > 0 {
		if resp, err = frame.Decode(r.Frame, frame.FromServer); err != nil {
			return frame.Frame{}, err
		}
	}
	return resp, decodeErr(r.Err)
}

func (a *attacher) post(ctx context.Context, f frame.Frame) (bool, error) {
	id, ch, err := a.open(msg{Op: "post", Frame: encodeFrame(f)})
	if err != nil {
		return false, err
	}
	r, err := a.await(ctx, id, ch)
	if err != nil {
		return false, err
	}
	return r.Confirmed, decodeErr(r.Err)
}

// upload streams r to the holder in chunks; the holder's Client uploads
// it. A refusal that comes while chunks are still sent ends it early.
func (a *attacher) upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	id, ch, err := a.open(msg{Op: "upload", Spec: &spec})
	if err != nil {
		return "", err
	}
	buf := make([]byte, uploadChunk)
	var sent int64
	for ctx.Err() == nil {
		select {
		case rep := <-ch:
			return rep.Ref, decodeErr(rep.Err)
		default:
		}
		n, rerr := r.Read(buf)
		if n > 0 {
			if a.write(msg{Op: "chunk", ID: id, Data: buf[:n]}) != nil {
				break
			}
			sent += int64(n)
			if progress != nil {
				progress(sent, spec.Size)
			}
		}
		if errors.Is(rerr, io.EOF) {
			a.write(msg{Op: "end", ID: id})
			break
		}
		if rerr != nil {
			a.write(msg{Op: "cancel", ID: id})
			a.await(context.Background(), id, ch)
			return "", rerr
		}
	}
	rep, err := a.await(ctx, id, ch)
	if err != nil {
		return "", err
	}
	return rep.Ref, decodeErr(rep.Err)
}
