package wsclient

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// Client is one device's connection to a Hermes gateway. Create it with
// New, run Run in a goroutine, drain events with Next, and talk to the
// gateway with Request, Send, Upload and Pull. All methods are safe for
// concurrent use.
type Client struct {
	cfg    Config
	url    *url.URL
	dialer *websocket.Dialer
	log    *slog.Logger
	q      *queue

	nextID  atomic.Int64
	running atomic.Bool
	media   chan struct{} // one media transfer at a time

	mu   sync.Mutex
	sess *session // the online connection, nil while offline

	// batchAt is when NextBatch's next batch is due (Unix nanoseconds of
	// Timing.Now; 0 before the first). NextBatch's goroutine sets it; the
	// reader reads it to pace itself (session.pace).
	batchAt atomic.Int64
	// batchEvery is the pace of NextBatch's batches (Config.BatchEvery,
	// changed by SetBatchEvery).
	batchEvery atomic.Int64

	// Used only by the goroutine running Run (one connection at a time).
	dedupe    *Dedupe
	reached   int64     // highest cursor reached in this process
	synced    bool      // a sync reached a cursor (0 included) in this process
	restartAt time.Time // when the gateway last announced a restart (Timing.Now), zero: none pending
	fieldWarn *fieldWarnings
}

// New checks cfg and returns a Client. It refuses a plain ws:// URL to a
// host that is not loopback unless cfg.Insecure is set (the error wraps
// ErrInsecure and says how to opt in).
func New(cfg Config) (*Client, error) {
	u, tc, err := cfg.validate()
	if err != nil {
		return nil, err
	}
	c := &Client{
		cfg:       cfg,
		url:       u,
		dialer:    newDialer(&cfg, u, tc),
		log:       cfg.Logger,
		q:         newQueue(cfg.QueueSize),
		media:     make(chan struct{}, 1),
		dedupe:    cmp.Or(cfg.Dedupe, NewDedupe()),
		fieldWarn: newFieldWarnings(cfg.Logger, &cfg.Timing),
	}
	c.SetBatchEvery(cfg.BatchEvery)
	return c, nil
}

// Next returns the next event, waiting until there is one or ctx is done.
// After Run has returned and every event was taken it returns ErrClosed.
func (c *Client) Next(ctx context.Context) (Event, error) {
	return c.q.pop(ctx)
}

// NextBatch is Next for a consumer that applies events in batches: it waits
// for one event, then also takes whatever else is queued, up to limit events
// in all, in order. A catch-up of thousands of frames then costs one render
// per batch instead of one per frame. Config.BatchEvery paces the batches.
// Use it from one goroutine.
func (c *Client) NextBatch(ctx context.Context, limit int) ([]Event, error) {
	if wait := c.untilBatch(); wait > 0 && c.q.len() < limit {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
	evs, err := c.q.popBatch(ctx, limit)
	if every := time.Duration(c.batchEvery.Load()); every > 0 {
		c.batchAt.Store(c.cfg.Timing.Now().Add(every).UnixNano())
	}
	return evs, err
}

// SetBatchEvery changes the pace of NextBatch's batches from the next one
// on (Config.BatchEvery): a consumer that redraws less often while an
// answer streams has its batches, and the decoding of what they carry,
// follow. It may be called from any goroutine; d ≤ 0 stops pacing.
func (c *Client) SetBatchEvery(d time.Duration) {
	c.batchEvery.Store(int64(max(d, 0)))
}

// untilBatch is how long until NextBatch's next batch is due (≤ 0: now).
func (c *Client) untilBatch() time.Duration {
	at := c.batchAt.Load()
	if at == 0 {
		return 0
	}
	return time.Duration(at - c.cfg.Timing.Now().UnixNano())
}

// Run connects, says hello, syncs, keeps the connection alive and
// reconnects with exponential backoff and full jitter, until ctx is done
// (it returns nil) or a final failure: the token was rejected (*AuthError),
// hello.ack spoke another protocol version (*frame.VersionError), or the
// gateway's answer to hello cannot be used (*HandshakeError). Every
// state change is reported as a StateEvent. Run may be called once.
func (c *Client) Run(ctx context.Context) error {
	if !c.running.CompareAndSwap(false, true) {
		return errors.New("wsclient: Run called twice")
	}
	defer c.q.close()
	t := &c.cfg.Timing
	attempt := 0
	for {
		c.q.push(&StateEvent{State: StateConnecting, Attempt: attempt}, ctx.Done())
		online, restarting, err := c.connect(ctx)
		if ctx.Err() != nil {
			c.q.pushFinal(&StateEvent{State: StateStopped})
			return nil
		}
		if final, ok := finalState(err); ok {
			c.log.Warn("wsclient: giving up", "state", final.String(), "err", err)
			c.q.pushFinal(&StateEvent{State: final, Attempt: attempt, Err: err})
			return err
		}
		if online >= t.HealthyAfter {
			attempt = 0
		}
		attempt++
		delay := c.retryDelay(attempt, restarting)
		c.log.Info("wsclient: connection ended", "err", err, "attempt", attempt, "retry_in", delay)
		c.q.push(&StateEvent{State: StateReconnecting, Attempt: attempt, RetryAt: time.Now().Add(delay), Err: err}, ctx.Done())
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			c.q.pushFinal(&StateEvent{State: StateStopped})
			return nil
		}
	}
}

// retryDelay returns the wait before reconnect attempt n. A gateway that
// announced a restart (status restarting, or close 1012) is coming back:
// the first attempt waits RestartDelay, and while it stays away, for up to
// RestartWindow, each further one waits a full jitter over RestartDelay
// instead of the growing backoff, so the client is back within about a
// second of the gateway. Past the window, or after a connection that
// reached online, it is the exponential backoff again.
func (c *Client) retryDelay(n int, restarting bool) time.Duration {
	t := &c.cfg.Timing
	now := t.Now()
	if restarting {
		c.restartAt = now
		return t.RestartDelay
	}
	if !c.restartAt.IsZero() && now.Sub(c.restartAt) < t.RestartWindow {
		return t.Jitter(t.RestartDelay)
	}
	c.restartAt = time.Time{}
	return t.backoff(n)
}

// finalState returns the final state err calls for; ok is false when the
// client should reconnect.
func finalState(err error) (state State, ok bool) {
	var ae *AuthError
	var ve *frame.VersionError
	var he *HandshakeError
	switch {
	case errors.As(err, &ae):
		return StateAuthFailed, true
	case errors.As(err, &ve):
		return StateProtocolMismatch, true
	case errors.As(err, &he):
		return StateHandshakeFailed, true
	}
	return 0, false
}

// connect runs one connection from dial to its end. It reports how long the
// connection was online and whether the gateway announced a restart.
func (c *Client) connect(ctx context.Context) (online time.Duration, restarting bool, err error) {
	hctx, cancel := context.WithTimeout(ctx, c.cfg.Timing.HelloTimeout)
	defer cancel()
	ws, err := dialWS(hctx, c.dialer, c.url)
	if err != nil {
		return 0, false, err
	}
	s := newSession(c, ws)
	sctx, stopServing := c.serveContext(ctx, s)
	defer stopServing()
	go s.closeOn(ctx)
	defer s.end()
	ack, err := s.handshake()
	if err != nil {
		return 0, false, err
	}
	start := time.Now()
	c.restartAt = time.Time{} // back online: a later drop is not the restart's
	c.setSession(s)
	defer c.setSession(nil)
	cur := c.startCursor(ctx, ack)
	c.q.push(&HelloEvent{Ack: ack}, ctx.Done())
	c.q.push(&StateEvent{State: StateOnline}, ctx.Done())
	err = s.serve(sctx, cur)
	return time.Since(start), s.restarting || websocket.IsCloseError(err, websocket.CloseServiceRestart), err
}

// serveContext is the context s reads and queues frames under: ctx, or
// with Config.Drain, a context that outlives ctx by the drain, ended with
// the socket at its end (closeOn starts the close handshake when ctx
// ends).
func (c *Client) serveContext(ctx context.Context, s *session) (context.Context, context.CancelFunc) {
	if c.cfg.Drain <= 0 {
		return ctx, func() {}
	}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() {
		time.AfterFunc(c.cfg.Drain, func() {
			cancel()
			s.ws.Close()
		})
	})
	return sctx, func() {
		stop()
		cancel()
	}
}

// startCursor picks the cursor to sync from after hello.ack: the stored
// one, else the one reached in this process, else hello.ack's sync_cursor.
// A cursor reached is one even when it is 0 (a sync.done of a gateway whose
// outbox was empty): starting at sync_cursor, the gateway's head, would
// skip what it parked since. A sync_cursor below the stored cursor means
// the gateway went back (reset or restored): the client then syncs from
// sync_cursor and reports a CursorResetEvent.
func (c *Client) startCursor(ctx context.Context, ack frame.HelloAck) int64 {
	var cur int64
	if c.cfg.Cursor != nil {
		cur = c.cfg.Cursor()
	}
	known := cur != 0 || c.synced
	if cur == 0 {
		cur = c.reached
	}
	switch {
	case !known:
		return ack.SyncCursor
	case ack.SyncCursor < cur:
		c.log.Warn("wsclient: the gateway's cursor went backwards (gateway reset or restored); resyncing from it",
			"stored_cursor", cur, "gateway_cursor", ack.SyncCursor)
		c.reached = ack.SyncCursor
		c.dedupe.rewind(ack.SyncCursor)
		c.q.push(&CursorResetEvent{Stored: cur, Gateway: ack.SyncCursor}, ctx.Done())
		return ack.SyncCursor
	}
	return cur
}

func (c *Client) setSession(s *session) {
	c.mu.Lock()
	c.sess = s
	c.mu.Unlock()
}

// session returns the online connection or nil.
func (c *Client) session() *session {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess
}
