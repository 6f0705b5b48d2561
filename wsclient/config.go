package wsclient

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/hermes/iris/internal/safefile"
)

// Config configures a Client. URL, Token and DeviceID are required.
type Config struct {
	// URL is the gateway's WebSocket URL (ws:// or wss://, any path).
	URL string
	// Token authenticates the device in hello. It is never logged.
	Token string
	// DeviceID is the stable device id sent in hello (the caller persists it).
	DeviceID string
	// DeviceName is shown on the gateway (default: the hostname).
	DeviceName string
	// Insecure opts in to sending the token over plain ws:// to a host that
	// is not loopback.
	Insecure bool
	// CAFile names an extra PEM CA bundle trusted for wss:// besides the
	// system roots.
	CAFile string
	// Cursor is called after every hello.ack and returns the caller's
	// persisted sync cursor. 0 (or a nil func) means none: the client then
	// uses the cursor it reached earlier in this process (0 included), else
	// hello.ack.sync_cursor.
	Cursor func() int64
	// Dedupe, when set, knows what earlier connections of this device in
	// this process delivered (devicelink hands over the one it relayed
	// events through when it takes the device over), so that their replay
	// is not delivered again; nil starts with nothing seen.
	Dedupe *Dedupe
	// Drain, when > 0, makes the end of Run's ctx close an online
	// connection gracefully: a WebSocket close goes to the gateway, and
	// the frames it wrote before answering it are still read and queued,
	// for up to Drain, so that the device's next connection (another
	// process taking the device over, see devicelink) misses none of them.
	// 0 closes the socket at once.
	Drain time.Duration
	// MaxFrameSize caps one incoming frame (default 32 MiB). A larger frame
	// is skipped with a ProtocolErrorEvent; the connection stays up.
	MaxFrameSize int64
	// QueueSize bounds the event queue (default 1024 events).
	QueueSize int
	// BatchEvery paces NextBatch: a batch asked for sooner than BatchEvery
	// after the previous one waits out the rest of the interval, unless a
	// full batch is already queued (a catch-up). Updates that arrive
	// meanwhile coalesce in the queue, and only the newest is decoded, so a
	// consumer that renders once per batch decodes what it renders. Set it
	// to the consumer's frame interval (SetBatchEvery follows a change of
	// it); 0 does not pace.
	BatchEvery time.Duration
	// Logger receives diagnostics (frame types, ids, sizes; never the token
	// or message text). nil discards them.
	Logger *slog.Logger
	// OnFrame, when set, sees every JSON frame sent or received, raw (for the
	// --debug frame log; the callee redacts). It must not retain data and
	// may be called from several goroutines at once.
	OnFrame func(outgoing bool, data []byte)
	// Timing overrides the protocol's timers (tests shorten them).
	Timing Timing
	// Resolver and Dial replace the system's name lookup and TCP dial (nil
	// for the system's); tests stub them so that no real network is used.
	Resolver Resolver
	Dial     DialFunc
}

// Timing holds the client's timers. Zero fields take the defaults of
// PROTOCOL-NOTES, listed with each field.
type Timing struct {
	PingInterval   time.Duration // keepalive ping period, 15 s
	DeadAfter      time.Duration // silence that declares a connection dead, 40 s
	PingGrace      time.Duration // a ping unanswered this long reports a SilenceEvent, 5 s
	HelloTimeout   time.Duration // dial + hello until hello.ack, 10 s
	RequestTimeout time.Duration // a request's response, 30 s (media: per idle period)
	WriteTimeout   time.Duration // one socket write, 10 s
	BackoffBase    time.Duration // first reconnect delay cap, 0.5 s
	BackoffMax     time.Duration // reconnect delay cap, 30 s
	HealthyAfter   time.Duration // online this long resets the backoff, 60 s
	RestartDelay   time.Duration // reconnect delay after status restarting or close 1012, 1 s
	RestartWindow  time.Duration // how long attempts after a restart notice keep RestartDelay's pace, 2 min
	// Jitter returns a random duration in [0, max); nil uses math/rand.
	// Tests make it deterministic.
	Jitter func(max time.Duration) time.Duration
	// FieldWarnEvery is how often the log may repeat the warning about one
	// frame type's oddly typed field, 1 min.
	FieldWarnEvery time.Duration
	// Now is the clock of the rate limits; nil uses time.Now.
	Now func() time.Time
}

// Defaults.
const (
	DefaultMaxFrameSize = 32 << 20
	DefaultQueueSize    = 1024
	// ChunkSize is the largest binary frame an upload sends.
	ChunkSize = 256 << 10
)

func (t *Timing) fill() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&t.PingInterval, 15*time.Second)
	def(&t.DeadAfter, 40*time.Second)
	def(&t.PingGrace, 5*time.Second)
	def(&t.HelloTimeout, 10*time.Second)
	def(&t.RequestTimeout, 30*time.Second)
	def(&t.WriteTimeout, 10*time.Second)
	def(&t.BackoffBase, 500*time.Millisecond)
	def(&t.BackoffMax, 30*time.Second)
	def(&t.HealthyAfter, 60*time.Second)
	def(&t.RestartDelay, time.Second)
	def(&t.RestartWindow, 2*time.Minute)
	def(&t.FieldWarnEvery, time.Minute)
	if t.Now == nil {
		t.Now = time.Now
	}
	if t.Jitter == nil {
		t.Jitter = func(max time.Duration) time.Duration {
			if max <= 0 {
				return 0
			}
			return rand.N(max)
		}
	}
}

// backoff returns the delay before reconnect attempt n (1-based):
// full jitter over min(max, base·2^(n-1)).
func (t *Timing) backoff(n int) time.Duration {
	ceil := t.BackoffBase
	for i := 1; i < n && ceil < t.BackoffMax; i++ {
		ceil *= 2
	}
	return t.Jitter(min(ceil, t.BackoffMax))
}

// ErrInsecure is wrapped by New when the token would travel over plain
// ws:// to a non-loopback host without the opt-in, and by a connection
// attempt refused because the host resolved to a non-loopback address.
var ErrInsecure = errors.New("refusing to send the token over plain ws://")

// validate fills defaults and checks cfg; it returns the parsed URL and the
// TLS configuration for wss.
func (cfg *Config) validate() (*url.URL, *tls.Config, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("gateway URL %q: %w", cfg.URL, err)
	}
	if u.Scheme != "ws" && u.Scheme != "wss" {
		return nil, nil, fmt.Errorf("gateway URL %q: scheme must be ws:// or wss://", cfg.URL)
	}
	if u.Hostname() == "" {
		return nil, nil, fmt.Errorf("gateway URL %q has no host", cfg.URL)
	}
	if !cfg.Insecure && needsInsecure(u) {
		return nil, nil, fmt.Errorf("%w to %s, which is not loopback: use wss://, or opt in with --insecure (or insecure = true in the config file)", ErrInsecure, u.Hostname())
	}
	if cfg.Token == "" {
		return nil, nil, errors.New("no token configured")
	}
	if cfg.DeviceID == "" {
		return nil, nil, errors.New("no device id configured")
	}
	if cfg.DeviceName == "" {
		cfg.DeviceName, _ = os.Hostname()
	}
	if cfg.MaxFrameSize <= 0 {
		cfg.MaxFrameSize = DefaultMaxFrameSize
	}
	if cfg.QueueSize <= 0 {
		cfg.QueueSize = DefaultQueueSize
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cfg.Timing.fill()
	tc, err := tlsConfig(cfg.CAFile)
	return u, tc, err
}

// NeedsInsecure reports whether rawURL is plain ws:// to a host that is not
// loopback: the token would travel in clear text, so New refuses it unless
// Config.Insecure (the user's explicit opt-in) is set. The setup form and
// `iris config check` ask the same question through this function. It is
// the early check, by name; when connecting, the address actually dialled
// decides (see newDialer).
func NeedsInsecure(rawURL string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && needsInsecure(u)
}

func needsInsecure(u *url.URL) bool {
	return u.Scheme == "ws" && !isLoopback(u.Hostname())
}

// isLoopback reports whether host names the local machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// maxCAFileSize caps the CA bundle read from CAFile; a system bundle of
// every public root is about 200 KiB.
const maxCAFileSize = 4 << 20

// tlsConfig trusts the system roots plus the certificates in caFile.
func tlsConfig(caFile string) (*tls.Config, error) {
	if caFile == "" {
		return nil, nil
	}
	pem, err := safefile.Read(caFile, maxCAFileSize)
	if err != nil {
		return nil, fmt.Errorf("CA file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CA file %s holds no PEM certificate", caFile)
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}
