package devicelink

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// Conn is a device's connection as its callers use it; *wsclient.Client
// and *Link both are one.
type Conn interface {
	Run(ctx context.Context) error
	Next(ctx context.Context) (wsclient.Event, error)
	NextBatch(ctx context.Context, limit int) ([]wsclient.Event, error)
	Request(ctx context.Context, f frame.Frame) (frame.Frame, error)
	Post(ctx context.Context, f frame.Frame) (confirmed bool, err error)
	Upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error)
}

var (
	_ Conn = (*wsclient.Client)(nil)
	_ Conn = (*Link)(nil)
)

// DefaultWait bounds the wait for a holder that has taken the lock but
// does not answer on the socket yet.
const DefaultWait = 5 * time.Second

// pollEvery is how often the election looks again while another process
// holds the lock without answering (it is starting up or shutting down).
const pollEvery = 10 * time.Millisecond

// Options configure a Link.
type Options struct {
	// Dir is the profile's data dir; the lock (Name.lock) and the socket
	// (Name.sock) are kept there, the socket in $XDG_RUNTIME_DIR/iris when
	// its path would be too long.
	Dir, Name string
	// DeviceID returns the device's id (creating it on first use); only
	// the holder calls it, under the lock.
	DeviceID func() (string, error)
	// Client is how the holder connects (DeviceID is filled in). Its
	// Cursor is used while this process holds from the start; after a
	// takeover the link syncs from the cursor it reached, with its Dedupe.
	Client wsclient.Config
	// Since, for a process that attaches, leaves the holder's replayed
	// frames at or below this cursor out of the snapshot.
	Since int64
	// Wait bounds the wait for a holder that does not answer yet
	// (DefaultWait when 0).
	Wait time.Duration
	// Getenv reads XDG_RUNTIME_DIR (os.Getenv when nil).
	Getenv func(string) string
}

// Error is a link that could not be set up: the socket, the lock, or a
// socket or holder that is refused (*ForeignError).
type Error struct{ Err error }

func (e *Error) Error() string { return "device link: " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Link is this process's side of a device shared by the processes of a
// profile: it holds the device's one gateway connection and serves the
// others over the socket, or it is attached to the process that does. It
// gives its caller every event once, in order, whichever it is, and takes
// the connection over when the holder goes.
type Link struct {
	opts    Options
	sock    string
	lock    string
	gateway string // digest of the URL and token: who may attach to whom
	wait    time.Duration
	q       *queue
	// dedupe knows what this process delivered: the holder's Client uses
	// it, or the attacher's reader does (one at a time).
	dedupe *wsclient.Dedupe

	mu      sync.Mutex
	role    role // nil between roles
	first   role // elected by Dial, run first by Run
	gen     int  // counts the roles taken; journal entries carry it
	journal journal
	cursor  int64 // the last sync cursor delivered
	synced  bool  // a CursorEvent was delivered
	follows bool  // some holder's stream was delivered (attach as a resume)
	// followed is the holder last attached to, and seq the last entry of
	// its journal delivered.
	followed string
	seq      int64
}

// role is what the Link is now: holder or attacher.
type role interface {
	run(ctx context.Context) error
	request(ctx context.Context, f frame.Frame) (frame.Frame, error)
	post(ctx context.Context, f frame.Frame) (bool, error)
	upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error)
	holds() bool
}

// Dial checks the client configuration, then attaches to the profile's
// holder or becomes it. A configuration error is returned as it is;
// anything about the link as *Error.
func Dial(ctx context.Context, opts Options) (*Link, error) {
	probe := opts.Client
	probe.DeviceID = "dev_probe" // the holder checks it again with the real id
	if _, err := wsclient.New(probe); err != nil {
		return nil, err
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
		return nil, &Error{err}
	}
	sock, err := socketPath(opts.Dir, opts.Name, opts.Getenv)
	if err != nil {
		return nil, &Error{err}
	}
	sum := sha256.Sum256([]byte(opts.Client.URL + "\x00" + opts.Client.Token))
	l := &Link{
		opts: opts, sock: sock, lock: filepath.Join(opts.Dir, opts.Name+".lock"),
		gateway: hex.EncodeToString(sum[:8]), wait: opts.Wait, q: newQueue(), dedupe: wsclient.NewDedupe(),
	}
	if l.wait <= 0 {
		l.wait = DefaultWait
	}
	r, err := l.elect(ctx, opts.Client.Cursor)
	if err != nil {
		return nil, &Error{err}
	}
	l.first, l.role = r, r
	return l, nil
}

// Run serves the link until ctx ends (it returns nil) or the holder's
// connection fails for good (its error, as wsclient.Client.Run's). When
// the holder this process is attached to goes, Run takes over or attaches
// to the process that did. Run may be called once.
func (l *Link) Run(ctx context.Context) error {
	defer l.q.close()
	r := l.first
	for {
		l.setRole(r)
		err := r.run(ctx)
		l.setRole(nil)
		if ctx.Err() != nil {
			return nil
		}
		if r.holds() {
			return err
		}
		if r, err = l.elect(ctx, l.resumeCursor()); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return &Error{err}
		}
	}
}

// Holding reports whether this process holds the gateway connection now.
func (l *Link) Holding() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.role != nil && l.role.holds()
}

// Next returns the next event, as wsclient.Client.Next.
func (l *Link) Next(ctx context.Context) (wsclient.Event, error) {
	evs, err := l.q.pop(ctx, 1)
	if err != nil {
		return nil, err
	}
	return evs[0], nil
}

// NextBatch returns the queued events, up to limit, waiting for one.
func (l *Link) NextBatch(ctx context.Context, limit int) ([]wsclient.Event, error) {
	return l.q.pop(ctx, max(limit, 1))
}

// Request is wsclient.Client.Request through the holder.
func (l *Link) Request(ctx context.Context, f frame.Frame) (frame.Frame, error) {
	r := l.current()
	if r == nil {
		return frame.Frame{}, wsclient.ErrOffline
	}
	return r.request(ctx, f)
}

// Post is wsclient.Client.Post through the holder.
func (l *Link) Post(ctx context.Context, f frame.Frame) (bool, error) {
	r := l.current()
	if r == nil {
		return false, wsclient.ErrOffline
	}
	return r.post(ctx, f)
}

// Upload is wsclient.Client.Upload through the holder.
func (l *Link) Upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	ro := l.current()
	if ro == nil {
		return "", wsclient.ErrOffline
	}
	return ro.upload(ctx, spec, r, progress)
}

func (l *Link) current() role {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.role
}

func (l *Link) setRole(r role) {
	l.mu.Lock()
	l.role = r
	l.mu.Unlock()
}

// deliverLocked gives ev to this process's consumer and journals it,
// returning its journal number (0: not journaled); a relayed event that
// repeats one delivered is dropped. gen is the role it came under. l.mu
// is held.
func (l *Link) deliverLocked(ev wsclient.Event, relayed bool, gen int) int64 {
	if relayed && l.dedupe.Repeat(ev) {
		return 0
	}
	switch ev := ev.(type) {
	case *wsclient.CursorEvent:
		l.cursor, l.synced = ev.Cursor, true
	case *wsclient.CursorResetEvent:
		l.cursor = ev.Gateway
	}
	seq := l.journal.add(ev, gen)
	l.follows = true
	l.q.push(ev)
	return seq
}

// resumeCursor is where a takeover syncs from: the cursor this process
// reached, on the new connection's first hello (later reconnects go on
// from the cursor that connection reached, as a Client does).
func (l *Link) resumeCursor() func() int64 {
	l.mu.Lock()
	from := l.cursor
	l.mu.Unlock()
	first := true
	return func() int64 {
		if first {
			first = false
			return from
		}
		return 0
	}
}

// elect attaches to the process serving the socket, or takes the lock and
// serves it: a socket nobody listens on is stale (its holder crashed, or
// it ended) and is replaced once the lock is free.
func (l *Link) elect(ctx context.Context, cursor func() int64) (role, error) {
	deadline := time.Now().Add(l.wait)
	for {
		conn, refused, err := dialSocket(l.sock)
		if err == nil {
			r, retry, err := l.attach(conn)
			if !retry {
				return r, err
			}
		} else if !refused {
			return nil, err
		}
		f, held, err := tryLock(l.lock)
		if err != nil {
			return nil, err
		}
		if !held {
			r, err := l.hold(f, cursor)
			if err != nil {
				f.Close()
			}
			return r, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another process holds %s but does not answer on %s within %s", l.lock, l.sock, l.wait)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pollEvery):
		}
	}
}
