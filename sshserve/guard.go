package sshserve

import (
	"log/slog"
	"net"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// checkKey is the public key handler: the key must be in the authorized
// keys file as it is now.
func (s *Server) checkKey(ctx ssh.Context, key ssh.PublicKey) bool {
	kl, err := loadKeys(s.cfg.AuthorizedKeys)
	if _, ok := kl.find(key); err == nil && ok {
		return true
	}
	s.log.Warn("ssh: key not authorized", "addr", remoteHost(ctx.RemoteAddr()), "user", ctx.User(),
		"key", gossh.FingerprintSHA256(key))
	return false
}

// admit refuses connections from an address with too many recent failures.
func (s *Server) admit(_ ssh.Context, conn net.Conn) net.Conn {
	if host := remoteHost(conn.RemoteAddr()); s.fails.blocked(host) {
		s.log.Warn("ssh: connection refused: too many failed attempts", "addr", host)
		return nil
	}
	return conn
}

// failed counts a connection whose handshake or authentication failed.
func (s *Server) failed(conn net.Conn, err error) {
	host := remoteHost(conn.RemoteAddr())
	s.fails.add(host)
	s.log.Warn("ssh: connection failed", "addr", host, "err", err)
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
