package headless

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/devicelink"
	"github.com/hermes/iris/internal/pickerfile"
	engine "github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// DeviceFile is the file in the profile's data dir holding the headless
// device id (see the package doc).
const DeviceFile = "headless_device_id"

// DefaultConnectTimeout bounds the wait for the gateway's hello.ack: with
// the gateway down, a command fails after this long.
const DefaultConnectTimeout = 5 * time.Second

// syncTimeout bounds the first sync once connected (a long replay takes
// a while).
const syncTimeout = 30 * time.Second

// Env is where a command reads and writes, and the profile it connects
// with.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Terminal says Stdout is a terminal: send --wait streams the reply's
	// text there as it comes; elsewhere it writes only the final text.
	Terminal bool
	// Config is the resolved profile (URL, token, TLS, data dir).
	Config *config.Config
	// Timing overrides the connection's timers (tests shorten them).
	Timing wsclient.Timing
	// ConnectTimeout bounds connecting, up to hello.ack (default
	// DefaultConnectTimeout); past it the command fails with ExitDelivery.
	// The first sync then has syncTimeout. It also bounds the wait for the
	// command of the profile that holds the device to answer on its socket.
	ConnectTimeout time.Duration
	// Now is the clock (picker ages); default time.Now.
	Now func() time.Time
	// Notify raises desktop notifications for tail --notify; nil uses
	// SystemNotifier.
	Notify Notifier
}

func (e *Env) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// session is one headless device's connection with its in-memory state.
// It belongs to the goroutine of the command that opened it.
type session struct {
	c      devicelink.Conn
	st     *store.State
	cancel context.CancelFunc
	done   chan error // Run's result
	source string     // where the token came from, for the auth advice
	now    func() time.Time
	// backlog holds the first sync's frames, with what each changed, when
	// resume.keep asked for them.
	backlog []applied
	// changed is what the last event next returned changed in st.
	changed store.Change
	// unread holds events read (and applied) while an answer was being
	// delivered, for next to return first.
	unread []unread
	// eng is the device session shared with the TUI: picker answering,
	// its audit and attribution, reconciliation (internal/session).
	eng    *engine.Engine
	env    *Env
	keep   bool
	synced int64 // the cursor the first sync reached
	// at, when set, is the state's clock (restoring saved pickers).
	at      time.Time
	pickers string // the headless device's pickers file
	saved   bool   // the pickers file holds the pending pickers
	stderr  io.Writer
	// The engine's reconciliation settles the turns a reconnect left
	// running, as in the TUI; dueAt is when its grace period ends (zero:
	// none runs) and settled lists the lanes the last event settled.
	dueAt   time.Time
	dueGen  int
	settled []frame.Lane
}

// clock is the state's clock: at while restoring, else now.
func (s *session) clock() time.Time {
	if !s.at.IsZero() {
		return s.at
	}
	return s.now()
}

// unread is an event read ahead and what applying it changed.
type unread struct {
	ev  wsclient.Event
	chg store.Change
}

// applied is a frame the session applied and what it changed.
type applied struct {
	f   frame.Frame
	chg store.Change
}

// resume says where a session's first sync starts and whether the frames
// it replays are kept for the command (tail --since).
type resume struct {
	since int64 // sync from this cursor when > 0; else where the device last was
	keep  bool  // keep the first sync's frames in session.backlog
}

// open restores the pickers the headless device knew, connects it (or
// attaches to the command of the profile that holds its connection, see
// internal/devicelink), waits for hello.ack and the first sync, and
// returns the session.
func open(ctx context.Context, env *Env, from resume) (*session, error) {
	cfg := env.Config
	c, err := dial(ctx, env, from)
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(context.Background())
	s := &session{c: c, cancel: cancel, done: make(chan error, 1), source: cfg.TokenSource, now: env.now,
		pickers: filepath.Join(cfg.DataDir, PickersFile), stderr: env.Stderr, keep: from.keep,
		env: env}
	s.st = store.New(store.Options{Now: s.clock})
	s.eng = engine.New(engine.Options{Conn: c, State: s.st, Now: s.now, GatewayURL: cfg.URL, RequestTimeout: env.Timing.RequestTimeout,
		Audit: appendOnly{audit.New(cfg.Paths.AuditFile)}})
	go func() { s.done <- c.Run(rctx) }() // events wait in its queue until read
	// The holder's sync replays what came after the saved pickers; an
	// attached command's snapshot starts where the holder started, so the
	// saved pickers (the holder publishes them) are added after it, as the
	// TUI's are.
	published := []string{filepath.Join(cfg.DataDir, pickerfile.TUIFile)}
	if !c.Holding() {
		published = append([]string{s.pickers}, published...)
	} else if err := pickerfile.RestoreFile(s.pickers, s.st, func(t time.Time) { s.at = t }); err != nil {
		cancel()
		<-s.done
		return nil, fail(ExitFailure, "%v", err)
	}
	timeout := env.ConnectTimeout
	if timeout <= 0 {
		timeout = DefaultConnectTimeout
	}
	if err := s.awaitSync(ctx, timeout, cfg.URL); err != nil {
		s.close()
		return nil, err
	}
	if !s.eng.Online() { // attached: the holder's connection came online before this command did
		s.eng.Connected(engine.StateOnline)
	}
	if err := mergePublished(published, s.st, func(t time.Time) { s.at = t }); err != nil {
		fmt.Fprintln(env.Stderr, "iris: warning: cannot read the pending pickers of the TUI or of the headless device:", err)
	}
	return s, nil
}

// dial links the command to the profile's headless device: it holds the
// device's one connection, or attaches to the command that does.
func dial(ctx context.Context, env *Env, from resume) (*devicelink.Link, error) {
	cfg := env.Config
	wc := wsclient.Config{
		URL: cfg.URL, Token: cfg.Token.Reveal(), DeviceName: deviceName(cfg.DeviceName),
		Insecure: cfg.Insecure, CAFile: cfg.CAFile, Timing: env.Timing,
	}
	if from.since > 0 {
		var first atomic.Bool
		wc.Cursor = func() int64 { // later reconnects go on from the cursor reached
			if first.CompareAndSwap(false, true) {
				return from.since
			}
			return 0
		}
	}
	c, err := devicelink.Dial(ctx, devicelink.Options{
		Dir: cfg.DataDir, Name: DeviceFile, Client: wc, Since: from.since, Wait: env.ConnectTimeout,
		DeviceID: func() (string, error) { return config.LoadDeviceID(filepath.Join(cfg.DataDir, DeviceFile)) },
	})
	var le *devicelink.Error
	switch {
	case errors.As(err, &le):
		return nil, fail(ExitFailure, "%s", termsafe.Line(err.Error()))
	case err != nil:
		return nil, fail(ExitConfig, "%v", err)
	}
	return c, nil
}

// deviceName marks the headless device in the gateway's device list.
func deviceName(name string) string {
	if name == "" {
		return ""
	}
	return name + " (headless)"
}

// awaitSync consumes events until the first sync is done: hello.ack must
// come within timeout, the sync within syncTimeout (or timeout, if longer).
func (s *session) awaitSync(ctx context.Context, timeout time.Duration, url string) error {
	connCtx, cancelConn := context.WithTimeout(ctx, timeout)
	defer cancelConn()
	syncCtx, cancelSync := context.WithTimeout(ctx, max(timeout, syncTimeout))
	defer cancelSync()
	wctx := connCtx
	var last error
	for {
		ev, err := s.next(wctx)
		if err != nil {
			if ctx.Err() != nil {
				return fail(ExitInterrupted, "interrupted before connecting")
			}
			if errors.As(err, new(*exitError)) {
				return err
			}
			msg := "cannot reach the gateway at " + url + " within " + timeout.String() + " (--connect-timeout)"
			if wctx == syncCtx {
				msg = "the gateway at " + url + " did not finish the first sync within " + max(timeout, syncTimeout).String()
			}
			if last != nil {
				msg += ": " + termsafe.Line(last.Error())
			}
			return fail(ExitDelivery, "%s", msg)
		}
		switch ev := ev.(type) {
		case *wsclient.HelloEvent:
			wctx = syncCtx
		case *wsclient.CursorEvent:
			s.synced = ev.Cursor
			return nil
		case *wsclient.FrameEvent:
			if s.keep {
				s.backlog = append(s.backlog, applied{f: ev.Frame, chg: s.changed})
			}
		case *wsclient.StateEvent:
			if ev.Err != nil {
				last = ev.Err
			}
		}
	}
}

// next returns the next event after applying it to the in-memory state
// (one read ahead first, see unread), and sets changed to what it changed.
// A final connection state becomes an error with its exit code.
func (s *session) next(ctx context.Context) (wsclient.Event, error) {
	if len(s.unread) > 0 {
		u := s.unread[0]
		s.unread = s.unread[1:]
		s.changed = u.chg
		return u.ev, nil
	}
	return s.read(ctx)
}

// read is next for a fresh event: it applies it, and audits what it made
// known of this device's answers (the turn moving on accepts them).
// When a reconnect's grace period ends first, it settles the lanes that
// showed no live turn (settled lists them) and returns a nil event.
func (s *session) read(ctx context.Context) (wsclient.Event, error) {
	s.changed, s.settled = store.Change{}, nil
	wait := ctx
	if !s.dueAt.IsZero() {
		var cancel context.CancelFunc
		wait, cancel = context.WithDeadline(ctx, s.dueAt)
		defer cancel()
	}
	ev, err := s.c.Next(wait)
	if err != nil && ctx.Err() == nil && wait.Err() != nil {
		s.dueAt, s.settled = time.Time{}, slices.Clone(s.eng.Recon().Pending())
		s.changed = s.eng.SettleDue(s.dueGen)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	switch ev := ev.(type) {
	case *wsclient.HelloEvent:
		s.changed = s.eng.NewInstance(&ev.Ack)
		s.st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack}, false)
	case *wsclient.FrameEvent:
		s.changed = s.st.Apply(ev.Frame, ev.Replayed)
		s.eng.Recon().Note(ev.Frame, !ev.Replayed)
		s.audit(s.changed)
		s.publish()
	case *wsclient.CursorResetEvent:
		s.changed = s.eng.ResetCursor(ev.Gateway)
	case *wsclient.CursorEvent:
		if _, grace := s.eng.Synced(); grace.After > 0 { // the history pages are the TUI's
			s.dueAt, s.dueGen = time.Now().Add(grace.After), grace.Gen
		}
	case *wsclient.StateEvent:
		s.changed = s.eng.Connected(ev.State) // online it sends (send's Flush); reconciliation as in the TUI
		if ev.State != wsclient.StateOnline {
			s.dueAt = time.Time{}
		}
		switch ev.State {
		case wsclient.StateAuthFailed:
			return ev, fail(ExitAuth, "%s", config.TokenRejectedAdvice(s.source))
		case wsclient.StateProtocolMismatch, wsclient.StateHandshakeFailed:
			return ev, fail(ExitProtocol, "%s", termsafe.Line(ev.Err.Error()))
		}
	}
	return ev, nil
}

// close ends the connection (handing it over to a command still
// attached), waits for it and saves the pending pickers for the next
// command.
func (s *session) close() {
	s.cancel()
	<-s.done
	s.st.Expire(s.now())
	s.saved = false
	s.publish()
}

// publish writes the pending pickers to the device's file when they
// changed (or at close), so that the next command knows them.
func (s *session) publish() {
	if s.saved && !s.changed.Pickers {
		return
	}
	s.saved = true
	if err := savePickers(s.pickers, s.st); err != nil {
		fmt.Fprintln(s.stderr, "iris: warning: cannot save the pending pickers:", err)
	}
}
