package gatewaysim

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// Config configures a Server. Only Token is required.
type Config struct {
	// Token is the bearer token hello must carry.
	Token string
	// StreamInterval is the delay between message.update frames and other
	// agent beats. 0 streams as fast as possible (tests); interactive use
	// wants DefaultStreamInterval.
	StreamInterval time.Duration
	// MaxUploadSize caps one upload; larger ones get media_too_large.
	// 0 means DefaultMaxUploadSize.
	MaxUploadSize int64
	// Catalog is the slash-command catalog; nil means the embedded one.
	Catalog []frame.Command
	// Seed pre-populates demo channels, a thread and history.
	Seed bool
	// IDEpoch, when set, goes into every id minted after seeding
	// (m_<epoch>_<n>), so that a simulator process started again under the
	// same clients never reuses an id its previous run gave out: a real
	// gateway's ids are unique for its whole life, and clients dedupe by
	// them. Seeded ids stay fixed (the seeded history is the same on every
	// run). Tests leave it empty for predictable ids.
	IDEpoch string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives diagnostics; nil discards them. The token is never
	// logged.
	Logger *slog.Logger
	// RateLimit is the sustained number of client text frames per second one
	// connection may send; 0 means DefaultRateLimit.
	RateLimit float64
	// RateBurst is the token bucket's size; 0 means DefaultRateBurst.
	RateBurst int
	// PickerTimeout is how long the agent waits for a picker.select before
	// treating the picker as denied; 0 means 5 minutes.
	PickerTimeout time.Duration
	// CronInterval, when positive, posts a cron message to the default
	// channel at this interval (for a lively --demo).
	CronInterval time.Duration
	// ProtocolVersion is the major version the simulator speaks; 0 means
	// frame.Version. Any other value makes it a gateway of another
	// version: its frames carry that "v" and it refuses every client frame
	// (for testing a client's version-mismatch handling).
	ProtocolVersion int
	// Dialect is how much beyond the spec's examples the simulator says
	// (dialect.go); "" means DialectRich.
	Dialect Dialect
}

// Defaults used when the Config leaves a field zero.
const (
	DefaultMaxUploadSize = 20 << 20
	DefaultRateLimit     = 1000
	DefaultRateBurst     = 2000
	defaultPickerTimeout = 5 * time.Minute
	// ChunkSize is the largest binary frame the simulator sends.
	ChunkSize = 256 << 10
	// readLimit caps one incoming WebSocket message.
	readLimit = 4 << 20
)

// DefaultStreamInterval is a lifelike pace for interactive use (--demo,
// gateway-sim). It is not applied automatically: a zero StreamInterval
// streams as fast as possible, which is what tests want.
const DefaultStreamInterval = 30 * time.Millisecond

// Server is the gateway simulator. It is safe for concurrent use.
type Server struct {
	cfg      Config
	log      *slog.Logger
	upgrader websocket.Upgrader

	ctx    context.Context // cancelled by Close; parent of life
	cancel context.CancelFunc
	silent atomic.Bool
	closed atomic.Bool
	// laneFlip counts the chat-scoped frames encoded, for the spec
	// dialect's payload lanes (wireLanes).
	laneFlip atomic.Uint64
	faults   faults

	mu sync.Mutex // guards everything below
	// life is the parent of agent turns; a Restart cancels it and starts a
	// new one.
	life       context.Context
	lifeCancel context.CancelFunc
	// status is the state announced after hello.ack (online or degraded).
	status string
	// strictCursors is set by a restart or cursor reset: from then on a
	// sync from a cursor above a device's head no longer raises the head.
	strictCursors bool
	conns         map[*conn]struct{}
	connCounts    map[string]*connCount // by device id, kept across restarts
	devices       []*device
	dir           *directory
	store         *messageStore
	media         map[string]*mediaItem
	pickers       map[string]*pendingPicker
	turns         map[frame.Lane]*turn // the running turn of each lane
	tails         map[frame.Lane]*turn // the last started turn of each lane
	reads         map[readKey]string   // last message each device read per lane
	// approvals remembers "session"/"always" answers per approval pattern.
	approvals map[string]string
	model     modelChoice
	effort    string
	seq       map[string]int // id counters per prefix
	epoch     string         // Config.IDEpoch, once seeding is done
	instance  string         // hello.ack's instance_id (rich dialect), new on Restart and Crash

	recvMu   sync.Mutex
	received []frame.Frame
	// refused: the agent.steer texts answered not_found (no turn running).
	refused  []string
	recvWake chan struct{} // closed and replaced on every received frame

	httpSrv *http.Server
	ctl     *control       // the control socket, if any; guarded by mu
	bg      sync.WaitGroup // agent turns and background loops
}

// New returns a Server for cfg, with defaults filled in.
func New(cfg Config) *Server {
	if cfg.MaxUploadSize <= 0 {
		cfg.MaxUploadSize = DefaultMaxUploadSize
	}
	if cfg.Catalog == nil {
		cfg.Catalog = DefaultCatalog()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.RateLimit <= 0 {
		cfg.RateLimit = DefaultRateLimit
	}
	if cfg.RateBurst <= 0 {
		cfg.RateBurst = DefaultRateBurst
	}
	if cfg.PickerTimeout <= 0 {
		cfg.PickerTimeout = defaultPickerTimeout
	}
	if cfg.ProtocolVersion <= 0 {
		cfg.ProtocolVersion = frame.Version
	}
	d, err := ParseDialect(string(cfg.Dialect))
	if err != nil {
		panic("gatewaysim: " + err.Error())
	}
	cfg.Dialect = d
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg:        cfg,
		log:        cfg.Logger,
		upgrader:   websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
		ctx:        ctx,
		cancel:     cancel,
		conns:      map[*conn]struct{}{},
		connCounts: map[string]*connCount{},
		seq:        map[string]int{},
		recvWake:   make(chan struct{}),
	}
	s.resetLocked()
	if cfg.Seed {
		s.seed()
	}
	s.epoch = cfg.IDEpoch
	s.instance = newInstanceID(cfg.IDEpoch)
	if cfg.CronInterval > 0 {
		s.bg.Go(s.cronLoop)
	}
	return s
}

// resetLocked starts a new life: everything a gateway keeps (devices and
// their outboxes, directory, history, media, pickers, turns, remembered
// answers) starts empty. Id counters are kept, so ids are never reused.
// s.mu must be held (or s not yet shared).
func (s *Server) resetLocked() {
	s.life, s.lifeCancel = context.WithCancel(s.ctx)
	s.status = frame.StateOnline
	s.devices = nil
	s.dir = newDirectory()
	s.store = newMessageStore()
	s.media = map[string]*mediaItem{}
	s.pickers = map[string]*pendingPicker{}
	s.turns = map[frame.Lane]*turn{}
	s.tails = map[frame.Lane]*turn{}
	s.reads = map[readKey]string{}
	s.approvals = map[string]string{}
	s.model = defaultModel
	s.effort = "medium"
}

// Handler returns the WebSocket endpoint; it serves any path.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(s.serveWS)
}

// Start listens on addr (for example "127.0.0.1:0") and serves the
// WebSocket endpoint there. It returns the URL to dial, "ws://host:port/".
func (s *Server) Start(addr string) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	s.serve(ln)
	return "ws://" + ln.Addr().String() + "/", nil
}

// StartTLS is Start over TLS with cert; it returns "wss://host:port/".
func (s *Server) StartTLS(addr string, cert tls.Certificate) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	s.serve(tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}))
	return "wss://" + ln.Addr().String() + "/", nil
}

// serve serves the WebSocket endpoint on ln until Close.
func (s *Server) serve(ln net.Listener) {
	srv := &http.Server{
		Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	s.mu.Lock()
	s.httpSrv = srv
	s.mu.Unlock()
	s.bg.Go(func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("gatewaysim: serve", "err", err)
		}
	})
}

// Close broadcasts status restarting to every connected device, closes the
// sockets (with a close frame), stops the agent and the listener. It is
// idempotent.
func (s *Server) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.closeConns()
	s.mu.Lock()
	srv := s.httpSrv
	s.mu.Unlock()
	s.cancel()
	s.closeControl()
	var err error
	if srv != nil {
		err = srv.Close()
	}
	s.bg.Wait()
	return err
}

// closeConns announces status restarting to every connection, closes them
// with a close frame, and kills those that have not ended within a second
// (at once when silent). It returns when all have ended.
func (s *Server) closeConns() {
	status, _ := s.encode(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	s.mu.Lock()
	conns := s.connList()
	s.mu.Unlock()
	for _, c := range conns {
		c.enqueue(outItem{data: status}, outItem{kind: itemClose})
	}
	wait := time.Second
	if s.silent.Load() {
		wait = 0
	}
	timeout := time.After(wait)
	expired := false
	for _, c := range conns {
		if !expired {
			select {
			case <-c.finished:
				continue
			case <-timeout:
				expired = true
			}
		}
		c.kill()
		<-c.finished
	}
}

// DropConnections kills every socket abruptly, without a close frame.
func (s *Server) DropConnections() {
	s.mu.Lock()
	conns := s.connList()
	s.mu.Unlock()
	for _, c := range conns {
		c.kill()
	}
}

// SetSilent makes the server answer nothing and send nothing (not even
// WebSocket pongs) while keeping the TCP connections open: a half-open
// connection as the client sees it. Frames produced meanwhile stay queued
// and are written once the server talks again.
func (s *Server) SetSilent(silent bool) {
	s.silent.Store(silent)
	if silent {
		return
	}
	s.mu.Lock()
	conns := s.connList()
	s.mu.Unlock()
	for _, c := range conns {
		c.poke()
	}
}

// Broadcast sends f live to every connected device and parks it in the
// outbox of every offline one.
func (s *Server) Broadcast(f frame.Frame) {
	s.mu.Lock()
	s.broadcastLocked(f, nil)
	s.mu.Unlock()
}

// RefusedSteers returns the texts of the agent.steer requests answered
// not_found because no turn was running, in order: the client is told
// the gateway did not take them.
func (s *Server) RefusedSteers() []string {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	return append([]string(nil), s.refused...)
}

// Received returns a copy of every frame received from clients, in order.
func (s *Server) Received() []frame.Frame {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	return append([]frame.Frame(nil), s.received...)
}

// WaitReceived returns the earliest received frame for which pred is true,
// waiting for it until ctx is done.
func (s *Server) WaitReceived(ctx context.Context, pred func(frame.Frame) bool) (frame.Frame, error) {
	seen := 0
	for {
		s.recvMu.Lock()
		frames := s.received[seen:]
		wake := s.recvWake
		s.recvMu.Unlock()
		for _, f := range frames {
			if pred(f) {
				return f, nil
			}
		}
		seen += len(frames)
		select {
		case <-wake:
		case <-ctx.Done():
			return frame.Frame{}, ctx.Err()
		}
	}
}

// record appends a received frame and wakes WaitReceived callers.
func (s *Server) record(f frame.Frame) {
	s.recvMu.Lock()
	s.received = append(s.received, f)
	close(s.recvWake)
	s.recvWake = make(chan struct{})
	s.recvMu.Unlock()
}

// serveWS upgrades one connection and runs it until it ends.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if s.closed.Load() || s.faults.isDown(time.Now()) {
		http.Error(w, "gateway restarting", http.StatusServiceUnavailable)
		return
	}
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.log.Debug("gatewaysim: upgrade", "err", err)
		return
	}
	c := newConn(s, ws)
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	if s.closed.Load() {
		// Close took its snapshot of the connections before this one.
		c.kill()
	}
	c.run()
}

// connList returns the open connections; s.mu must be held.
func (s *Server) connList() []*conn {
	out := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		out = append(out, c)
	}
	return out
}

// nextID returns a fresh id such as "m_12"; s.mu must be held.
func (s *Server) nextID(prefix string) string {
	s.seq[prefix]++
	if s.epoch != "" {
		return prefix + "_" + s.epoch + "_" + itoa(s.seq[prefix])
	}
	return prefix + "_" + itoa(s.seq[prefix])
}

// nowMS is the injected clock in Unix milliseconds.
func (s *Server) nowMS() int64 { return s.cfg.Now().UnixMilli() }
