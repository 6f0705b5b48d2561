package sshserve

import (
	"log/slog"
	"net"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// checkKey is the public key handler: the key must be in the authorized
// keys file as it is now. A key that is in it is never refused, however
// many failures its address or anyone else had: failures only limit
// what is logged.
func (s *Server) checkKey(ctx ssh.Context, key ssh.PublicKey) bool {
	kl, err := loadKeys(s.cfg.AuthorizedKeys)
	if _, ok := kl.find(key); err == nil && ok {
		return true
	}
	s.authFailed(ctx.RemoteAddr(), ctx.User(), "publickey", gossh.FingerprintSHA256(key))
	return false
}

// logAuth is the AuthLogCallback: attempts with other methods than public
// keys (password, keyboard-interactive, ...) count as failures of the
// address. "none" is every client's first probe, and public keys are
// counted by checkKey, which knows the key.
func (s *Server) logAuth(conn gossh.ConnMetadata, method string, err error) {
	if err != nil && method != "none" && method != "publickey" {
		s.authFailed(conn.RemoteAddr(), conn.User(), method, "")
	}
}

// authFailed counts a failed authentication against the address and, for
// a key, its fingerprint, and logs it (see logLimited).
func (s *Server) authFailed(addr net.Addr, user, method, fp string) {
	host := remoteHost(addr)
	n := s.fails.add("addr " + host)
	attrs := []any{"addr", host, "user", user, "method", method}
	if fp != "" {
		n = max(n, s.fails.add("key "+fp))
		attrs = append(attrs, "key", fp)
	}
	s.logLimited(n, "ssh: authentication refused", attrs...)
}

// failed logs a connection whose handshake failed before it authenticated
// (a bare connect, a signature that does not verify), per address like
// failed authentications (see logLimited). It refuses nothing: it says
// nothing about who it was, and refusing the address would let anyone
// lock every key out of a shared address (127.0.0.1 behind a tunnel).
func (s *Server) failed(conn net.Conn, err error) {
	host := remoteHost(conn.RemoteAddr())
	s.logLimited(s.fails.add("conn "+host), "ssh: connection failed", "addr", host, "err", err)
}

// logLimited logs the n-th failure of a source within the failure window:
// up to MaxFailures of them, then one line saying the rest go unlogged
// until they age out, so a flood cannot fill the log.
func (s *Server) logLimited(n int, msg string, attrs ...any) {
	switch {
	case n <= s.cfg.MaxFailures:
		s.log.Warn(msg, attrs...)
	case n == s.cfg.MaxFailures+1:
		s.log.Warn(msg+"; too many failures: the rest are not logged until they age out", attrs...)
	}
}

// refuseChannel rejects (and logs) every channel type but session, such
// as direct-tcpip (local port forwarding).
func refuseChannel(log *slog.Logger) ssh.ChannelHandler {
	return func(_ *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, _ ssh.Context) {
		log.Warn("ssh: channel refused", "addr", remoteHost(conn.RemoteAddr()), "user", conn.User(), "channel", ch.ChannelType())
		_ = ch.Reject(gossh.Prohibited, "Iris serves nothing but itself")
	}
}

// refuseRequest answers "no" to (and logs) a connection-wide request, such
// as tcpip-forward (remote port forwarding).
func refuseRequest(log *slog.Logger) ssh.RequestHandler {
	return func(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
		log.Warn("ssh: request refused", "addr", remoteHost(ctx.RemoteAddr()), "user", ctx.User(), "request", req.Type)
		return false, nil
	}
}

// refusedRequests are the session requests refused before the session
// sees them: agent and X11 forwarding.
var refusedRequests = map[string]bool{"auth-agent-req@openssh.com": true, "x11-req": true}

// refuseForwarding is the session channel handler with agent and X11
// forwarding requests answered "no" and window sizes clamped.
func refuseForwarding(log *slog.Logger) ssh.ChannelHandler {
	return func(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
		ssh.DefaultSessionHandler(srv, conn, filtered{NewChannel: ch, log: log, addr: remoteHost(conn.RemoteAddr())}, ctx)
	}
}

// filtered is a session channel whose refused requests are answered here
// and whose window sizes are clamped.
type filtered struct {
	gossh.NewChannel
	log  *slog.Logger
	addr string
}

func (f filtered) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for r := range reqs {
			if refusedRequests[r.Type] {
				f.log.Warn("ssh: request refused", "addr", f.addr, "request", r.Type)
				if r.WantReply {
					_ = r.Reply(false, nil)
				}
				continue
			}
			clampWindow(r)
			out <- r
		}
	}()
	return ch, out, nil
}
