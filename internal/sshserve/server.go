package sshserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"
)

// Defaults of Config's limits.
const (
	DefaultIdleTimeout   = 30 * time.Minute
	DefaultMaxSessions   = 8
	DefaultMaxFailures   = 10
	DefaultFailureWindow = 10 * time.Minute
	// handshakeTimeout bounds the time from connecting to logging in.
	handshakeTimeout = 30 * time.Second
)

// Terminal is one SSH session as the App sees it.
type Terminal struct {
	Identity
	// Slot numbers the sessions of one key open at once, from 1.
	Slot int
	// KeyDir is this key's own directory, shared by its slots.
	KeyDir string
	// DataDir is this key and slot's own store directory, in KeyDir.
	DataDir string
	// DeviceName is the name to give the gateway: the key's name, with
	// " (slot)" for a second concurrent session.
	DeviceName string
	// Env is the client's environment, TERM included.
	Env []string
	// Options wire the program to the session: input, output, window
	// size, colour profile and environment.
	Options []tea.ProgramOption
}

// Getenv looks name up in the client's environment.
func (t *Terminal) Getenv(name string) string {
	v := ""
	for _, kv := range t.Env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val // the last one wins, as in a shell
		}
	}
	return v
}

// App builds the program of a session. The server runs it (following
// window changes) and then calls finish, which must save and close
// whatever the program used. ctx ends with the session.
type App func(ctx context.Context, t *Terminal) (p *tea.Program, finish func(), err error)

// PlainApp runs a session that asked for plain lines (Config.WantsPlain)
// on the session's input and output itself, without a program, until ctx
// ends or it is done; it saves and closes what it used before returning.
type PlainApp func(ctx context.Context, t *Terminal, in io.Reader, out io.Writer) error

// Config configures a Server. AuthorizedKeys, HostKey, DataDir and App
// are required.
type Config struct {
	Listen         string // address to listen on
	AuthorizedKeys string // the authorized_keys file
	HostKey        string // the host key file, created when missing
	DataDir        string // the per-key stores go under DataDir/ssh-keys
	IdleTimeout    time.Duration
	MaxSessions    int
	MaxFailures    int           // failures logged per address or key within FailureWindow;
	FailureWindow  time.Duration // the rest are not (a key in the file always gets in)
	App            App
	// WantsPlain says a session asked for plain lines (iris --linear):
	// PlainApp runs it instead of App. nil: every session runs App.
	WantsPlain func(*Terminal) bool
	PlainApp   PlainApp
	Logger     *slog.Logger
	Now        func() time.Time
}

// Server is an SSH server that serves nothing but Iris.
type Server struct {
	cfg     Config
	log     *slog.Logger
	srv     *ssh.Server
	signer  gossh.Signer
	created bool
	keys    keyList
	fails   *failures
	slots   *slots

	mu      sync.Mutex
	ln      net.Listener
	closing bool
	progs   map[*tea.Program]bool
	plains  map[*running]context.CancelFunc // the plain sessions running, and how to end each
	active  sync.WaitGroup
}

// New checks the authorized keys and loads (or creates) the host key. A
// missing or empty authorized keys file is an error whose text says how
// to add a key.
func New(cfg Config) (*Server, error) {
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.MaxFailures <= 0 {
		cfg.MaxFailures = DefaultMaxFailures
	}
	if cfg.FailureWindow <= 0 {
		cfg.FailureWindow = DefaultFailureWindow
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	kl, err := loadKeys(cfg.AuthorizedKeys)
	if err != nil {
		return nil, fmt.Errorf("cannot serve without an authorized key (%v in %s); %s", err, cfg.AuthorizedKeys, NoKeysAdvice(cfg.AuthorizedKeys))
	}
	signer, created, err := loadHostKey(cfg.HostKey)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Logger, signer: signer, created: created, keys: kl,
		fails: newFailures(cfg.MaxFailures, cfg.FailureWindow, cfg.Now),
		slots: newSlots(cfg.MaxSessions), progs: map[*tea.Program]bool{},
		plains: map[*running]context.CancelFunc{}}
	// The host key goes in as an option: wish.NewServer writes a key of its
	// own into the working directory when it is given none.
	s.srv, err = wish.NewServer(
		withHostKey(signer),
		wish.WithAddress(cfg.Listen),
		wish.WithVersion("Iris"),
		wish.WithPublicKeyAuth(s.checkKey),
		wish.WithMiddleware(s.session),
	)
	if err != nil {
		return nil, err
	}
	s.srv.HandshakeTimeout = handshakeTimeout
	// A connection with neither input nor output for a while past the
	// idle timeout ends too: it covers connections that never open a
	// session (sessions end earlier, on their own idle watch, with a note).
	s.srv.IdleTimeout = cfg.IdleTimeout + handshakeTimeout
	s.srv.SessionRequestCallback = s.allowRequest
	s.srv.ServerConfigCallback = func(ssh.Context) *gossh.ServerConfig {
		return &gossh.ServerConfig{AuthLogCallback: s.logAuth}
	}
	s.srv.ConnectionFailedCallback = s.failed
	s.srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": refuseForwarding(s.log),
		"default": refuseChannel(s.log)}
	s.srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
	s.srv.RequestHandlers = map[string]ssh.RequestHandler{"tcpip-forward": refuseRequest(s.log),
		"streamlocal-forward@openssh.com": refuseRequest(s.log)}
	return s, nil
}

// HostKeyFingerprint is the host key's SHA256 fingerprint.
func (s *Server) HostKeyFingerprint() string { return gossh.FingerprintSHA256(s.signer.PublicKey()) }

// HostKeyCreated says New generated the host key.
func (s *Server) HostKeyCreated() bool { return s.created }

// Keys are the authorized keys read at start.
func (s *Server) Keys() []Identity { return s.keys.ids }

// Warnings are the authorized keys lines that were skipped, and why.
func (s *Server) Warnings() []string { return s.keys.warnings }

// Listen opens the listening socket and returns its address.
func (s *Server) Listen() (net.Addr, error) {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.ln = ln
	s.mu.Unlock()
	return ln.Addr(), nil
}

// Serve accepts connections on the socket Listen opened until Shutdown.
func (s *Server) Serve() error {
	err := s.srv.Serve(s.ln)
	if errors.Is(err, ssh.ErrServerClosed) || errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// Shutdown stops accepting connections, quits every session's program
// (each saves its drafts in finish), waits for them up to ctx, then closes
// what is left.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	if s.ln != nil {
		s.ln.Close()
	}
	for p := range s.progs {
		p.Quit()
	}
	for _, end := range s.plains {
		end()
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.active.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if cerr := s.srv.Close(); cerr != nil && !errors.Is(cerr, net.ErrClosed) && err == nil {
		err = cerr
	}
	return err
}

// IsLoopback says addr (host:port) listens on loopback only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// remoteHost is the address part of a connection's remote address.
func remoteHost(a net.Addr) string {
	if a == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}
