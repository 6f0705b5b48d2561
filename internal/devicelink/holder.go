package devicelink

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// handoverDrain bounds how long a holder that ends still reads what the
// gateway wrote before it answered the close (wsclient.Config.Drain).
const handoverDrain = 2 * time.Second

// holder is the role of the process that holds the device's connection:
// it runs the Client, gives every event to its own consumer and to every
// attached process, and runs their requests.
type holder struct {
	l    *Link
	c    *wsclient.Client
	ln   *net.UnixListener
	lock *os.File
	gen  int
	id   string // names this holder to the processes that attach again

	// Guarded by l.mu.
	peers    map[*peer]struct{}
	stopping bool // ctx ended: connection states are no longer relayed
	shut     bool // no peer is accepted any more
}

// hold starts the holder role under lock f.
func (l *Link) hold(f *os.File, cursor func() int64) (role, error) {
	id, err := l.opts.DeviceID()
	if err != nil {
		return nil, err
	}
	cfg := l.opts.Client
	cfg.DeviceID, cfg.Cursor, cfg.Dedupe = id, cursor, l.dedupe
	if cfg.Drain <= 0 {
		cfg.Drain = handoverDrain
	}
	c, err := wsclient.New(cfg)
	if err != nil {
		return nil, err
	}
	ln, err := listenSocket(l.sock)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.gen++
	h := &holder{l: l, c: c, ln: ln, lock: f, gen: l.gen, peers: map[*peer]struct{}{},
		id: fmt.Sprintf("%d-%d-%d", os.Getpid(), l.gen, time.Now().UnixNano())}
	l.mu.Unlock()
	return h, nil
}

func (h *holder) holds() bool { return true }

// run holds the connection until ctx ends or it fails for good, then
// hands over: every event read is passed on, the socket is removed, the
// attached processes are told by their socket closing, and the lock is
// freed for the one that takes over.
func (h *holder) run(ctx context.Context) error {
	var peers sync.WaitGroup
	accepted := make(chan struct{})
	go func() {
		defer close(accepted)
		h.accept(&peers)
	}()
	pumped := make(chan struct{})
	go func() {
		defer close(pumped)
		h.pump()
	}()
	stop := context.AfterFunc(ctx, func() {
		h.l.mu.Lock()
		h.stopping = true
		h.l.mu.Unlock()
	})
	defer stop()
	err := h.c.Run(ctx)
	<-pumped
	os.Remove(h.l.sock)
	h.ln.Close()
	<-accepted
	h.l.mu.Lock()
	h.shut = true
	for p := range h.peers {
		p.finish()
	}
	h.l.mu.Unlock()
	peers.Wait()
	h.lock.Close()
	return err
}

// pump passes the Client's events on until it has stopped and every event
// was taken.
func (h *holder) pump() {
	for {
		evs, err := h.c.NextBatch(context.Background(), 256)
		if err != nil {
			return
		}
		h.l.mu.Lock()
		for _, ev := range evs {
			seq := h.l.deliverLocked(ev, false, h.gen)
			if _, state := ev.(*wsclient.StateEvent); state && h.stopping {
				continue // this holder's going is not the device's: the next one connects
			}
			w, ok := encodeEvent(ev)
			if !ok {
				continue
			}
			for p := range h.peers {
				p.send(msg{Op: "event", Event: w, Seq: seq})
			}
		}
		h.l.mu.Unlock()
	}
}

// accept serves the processes that attach until the listener closes.
func (h *holder) accept(peers *sync.WaitGroup) {
	for {
		conn, err := h.ln.AcceptUnix()
		if err != nil {
			return
		}
		peers.Add(1)
		go func() {
			defer peers.Done()
			h.serve(conn, peers)
		}()
	}
}

// serve runs one attached process: the attach handshake, the snapshot,
// then its requests until its socket closes.
func (h *holder) serve(conn *net.UnixConn, peers *sync.WaitGroup) {
	if err := checkPeer(conn, h.l.sock); err != nil {
		conn.Close()
		return
	}
	dec := json.NewDecoder(conn)
	var hello msg
	conn.SetReadDeadline(time.Now().Add(h.l.wait))
	if err := dec.Decode(&hello); err != nil || hello.Op != "attach" {
		conn.Close()
		return
	}
	conn.SetReadDeadline(time.Time{})
	p := newPeer(conn)
	peers.Add(1)
	go func() {
		defer peers.Done()
		p.write()
	}()
	if hello.Gateway != h.l.gateway {
		p.send(msg{Op: "refused", Err: &wireErr{Kind: "text", Message: "the process holding this profile's device connects to another gateway URL or with another token; use the same --url and --token, or another profile"}})
		p.finish()
		return
	}
	h.l.mu.Lock()
	if h.shut {
		h.l.mu.Unlock()
		p.finish()
		return
	}
	p.send(msg{Op: "attached", Holder: h.id})
	ask := attach{resume: hello.Resume, same: hello.Resume && hello.Holder == h.id, after: hello.Seq, since: hello.Since}
	for _, n := range h.l.journal.snapshot(ask, h.gen) {
		if w, ok := encodeEvent(n.ev); ok {
			p.send(msg{Op: "event", Event: w, Seq: n.seq})
		}
	}
	if !hello.Resume && h.l.synced {
		w, _ := encodeEvent(&wsclient.CursorEvent{Cursor: h.l.cursor})
		p.send(msg{Op: "event", Event: w})
	}
	h.peers[p] = struct{}{}
	h.l.mu.Unlock()

	p.serve(dec, h)
	h.l.mu.Lock()
	delete(h.peers, p)
	h.l.mu.Unlock()
	p.finish()
}

// The holder's own requests go to its Client directly.

func (h *holder) request(ctx context.Context, f frame.Frame) (frame.Frame, error) {
	return h.c.Request(ctx, f)
}

func (h *holder) post(ctx context.Context, f frame.Frame) (bool, error) {
	return h.c.Post(ctx, f)
}

func (h *holder) upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	return h.c.Upload(ctx, spec, r, progress)
}
