package sshserve

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
)

// running is one session's state. (The ssh.Context is the connection's,
// shared by all its sessions, so nothing per session is kept there.)
type running struct {
	term   *Terminal
	in     *idleInput
	prog   *tea.Program
	finish func()
}

// session is the handler of every session: it checks the key is still
// authorized, takes a slot, runs the program through wish's bubbletea
// middleware, then finishes.
func (s *Server) session(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		log := s.log.With("addr", remoteHost(sess.RemoteAddr()), "user", sess.User())
		kl, err := loadKeys(s.cfg.AuthorizedKeys)
		id, ok := kl.find(sess.PublicKey())
		if err != nil || !ok {
			log.Warn("ssh: key no longer authorized")
			wish.Fatalln(sess, "iris: this key is no longer authorized")
			return
		}
		log = log.With("key", id.Fingerprint)
		slot, err := s.slots.take(id.Fingerprint)
		if err != nil {
			log.Warn("ssh: session refused", "err", err)
			wish.Fatalln(sess, "iris:", err)
			return
		}
		defer s.slots.free(id.Fingerprint, slot)
		s.active.Add(1)
		defer s.active.Done()

		keyDir := filepath.Join(s.cfg.DataDir, "ssh-keys", id.dirName())
		term := &Terminal{Identity: id, Slot: slot, DeviceName: id.Name,
			KeyDir: keyDir, DataDir: filepath.Join(keyDir, strconv.Itoa(slot))}
		if slot > 1 {
			term.DeviceName = fmt.Sprintf("%s (%d)", id.Name, slot)
		}
		pty, _, _ := sess.Pty()
		term.Env = append(sess.Environ(), "TERM="+pty.Term)
		in := newIdleInput(sess, s.cfg.Now)
		term.Options = append(bm.MakeOptions(sess), tea.WithInput(in))
		r := &running{term: term, in: in}
		log.Info("ssh: session start", "device", term.DeviceName, "slot", slot,
			"term", pty.Term, "width", pty.Window.Width, "height", pty.Window.Height)

		ctx, cancel := context.WithCancel(sess.Context())
		defer cancel()
		if s.cfg.WantsPlain != nil && s.cfg.WantsPlain(term) {
			s.plain(ctx, sess, r)
			log.Info("ssh: session end", "device", term.DeviceName, "plain", true)
			return
		}
		bm.MiddlewareWithProgramHandler(func(sess ssh.Session) *tea.Program {
			return s.program(ctx, sess, r)
		})(next)(sess)

		if r.prog == nil {
			return
		}
		s.mu.Lock()
		delete(s.progs, r.prog)
		s.mu.Unlock()
		r.finish()
		r.in.onEnd(nil) // whatever keeps the Terminal must not keep the program
		if r.in.timedOut() {
			wish.Println(sess, "iris: closed after", s.cfg.IdleTimeout, "without input")
		}
		log.Info("ssh: session end", "device", term.DeviceName)
	}
}

// program builds the session's program with the App, for the bubbletea
// middleware, which runs it and follows window changes.
func (s *Server) program(ctx context.Context, sess ssh.Session, r *running) *tea.Program {
	p, finish, err := s.cfg.App(ctx, r.term)
	if err != nil {
		s.log.Error("ssh: session cannot start", "key", r.term.Fingerprint, "err", err)
		wish.Errorln(sess, "iris:", err)
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		finish()
		wish.Errorln(sess, "iris: the server is shutting down")
		return nil
	}
	s.progs[p] = true
	r.prog, r.finish = p, finish
	r.in.onEnd(p.Quit) // the client closed the session
	go r.in.watch(ctx, s.cfg.IdleTimeout, p.Quit)
	return p
}

// plain runs a session that asked for plain lines with the PlainApp,
// with the same idle watch and shutdown as a program.
func (s *Server) plain(ctx context.Context, sess ssh.Session, r *running) {
	ctx, end := context.WithCancel(ctx)
	defer end()
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		wish.Errorln(sess, "iris: the server is shutting down")
		return
	}
	s.plains[r] = end
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.plains, r)
		s.mu.Unlock()
	}()
	r.in.onEnd(end) // the client closed the session
	go r.in.watch(ctx, s.cfg.IdleTimeout, end)
	if err := s.cfg.PlainApp(ctx, r.term, r.in, sess); err != nil {
		s.log.Error("ssh: session cannot start", "key", r.term.Fingerprint, "err", err)
		wish.Errorln(sess, "iris:", err)
		return
	}
	if r.in.timedOut() {
		wish.Println(sess, "\r\niris: closed after", s.cfg.IdleTimeout, "without input")
	}
}

// allowRequest admits an interactive shell with a pty and nothing else:
// exec and subsystems are refused.
func (s *Server) allowRequest(sess ssh.Session, reqType string) bool {
	_, _, hasPty := sess.Pty()
	if reqType == "shell" && hasPty {
		return true
	}
	what := reqType
	if reqType == "shell" {
		what = "shell without a pty"
	}
	s.log.Warn("ssh: request refused", "addr", remoteHost(sess.RemoteAddr()), "user", sess.User(), "request", what)
	return false
}
