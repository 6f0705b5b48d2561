package gatewaysim

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"strings"
)

// ControlFormat documents the --control socket; FaultCommands lists the
// commands.
const ControlFormat = `The control socket is a line protocol on loopback TCP (for example
"nc 127.0.0.1 PORT"): send one command per line; each gets one reply line,
"ok", "ok RESULT" or "error: REASON".`

// control is the control socket's listener and its open connections.
type control struct {
	ln    net.Listener
	conns map[net.Conn]struct{}
}

// ServeControl listens on addr, which must be a loopback address, and
// serves the control line protocol (see ControlFormat) until Close. It
// returns the address it listens on.
func (s *Server) ServeControl(addr string) (string, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("the control socket must listen on a loopback IP address, not %q", host)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	if s.ctl != nil {
		s.mu.Unlock()
		ln.Close()
		return "", errors.New("a control socket is already open")
	}
	s.ctl = &control{ln: ln, conns: map[net.Conn]struct{}{}}
	s.mu.Unlock()
	s.bg.Go(func() { s.acceptControl(ln) })
	return ln.Addr().String(), nil
}

// acceptControl serves control connections until the listener closes.
func (s *Server) acceptControl(ln net.Listener) {
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed.Load() {
			s.mu.Unlock()
			nc.Close()
			return
		}
		s.ctl.conns[nc] = struct{}{}
		s.mu.Unlock()
		s.bg.Go(func() { s.serveControl(nc) })
	}
}

// serveControl runs the commands of one control connection.
func (s *Server) serveControl(nc net.Conn) {
	defer func() {
		s.mu.Lock()
		delete(s.ctl.conns, nc)
		s.mu.Unlock()
		nc.Close()
	}()
	lines := bufio.NewScanner(nc)
	for lines.Scan() {
		line := strings.TrimSpace(lines.Text())
		if line == "" {
			continue
		}
		reply := "ok"
		out, err := s.Exec(line)
		switch {
		case err != nil:
			reply = "error: " + strings.ReplaceAll(err.Error(), "\n", " ")
		case out != "":
			reply += " " + out
		}
		if _, err := fmt.Fprintln(nc, reply); err != nil {
			return
		}
	}
}

// closeControl closes the control listener and its connections.
func (s *Server) closeControl() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctl == nil {
		return
	}
	s.ctl.ln.Close()
	for nc := range s.ctl.conns {
		nc.Close()
	}
}
