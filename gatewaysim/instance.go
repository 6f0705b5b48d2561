package gatewaysim

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"
)

// newInstanceID makes the extension instance_id of one simulated gateway
// process (PROTOCOL-EXTENSIONS.md): Config.IDEpoch, which changes with
// every simulator run, else a random one.
func newInstanceID(epoch string) string {
	if epoch != "" {
		return epoch
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Crash simulates a gateway killed (kill -9) and started again at once
// with its persisted state: no status restarting, the sockets just drop.
// Devices keep their cursors and outboxes, the directory and history stay;
// what lived only in the process is gone: turns end silently and pending
// pickers are forgotten. In the rich dialect hello.ack then carries a new
// instance_id, the only sign of the restart a device gets.
func (s *Server) Crash() {
	s.restartProcess(s.DropConnections, func() {
		s.life, s.lifeCancel = context.WithCancel(s.ctx)
		s.pickers = map[string]*pendingPicker{}
	})
	s.faults.setDown(time.Time{})
	s.log.Info("gatewaysim: crashed and started again with its persisted state")
}

// restartProcess is what every simulated restart shares: connections are
// refused while it runs, drop ends the sockets, the running turns end,
// then forget (called with s.mu held) clears what the restart loses, the
// process gets a new instance_id, and a socket upgraded meanwhile is
// killed. The caller sets the downtime that follows.
func (s *Server) restartProcess(drop func(), forget func()) {
	s.faults.setDown(time.Now().Add(24 * time.Hour))
	drop()
	s.mu.Lock()
	s.lifeCancel()
	var tails []*turn
	for _, t := range s.tails {
		tails = append(tails, t)
	}
	s.mu.Unlock()
	for _, t := range tails {
		<-t.done
	}
	s.mu.Lock()
	forget()
	s.instance = newInstanceID("")
	late := s.connList() // upgraded just before the downtime began
	s.mu.Unlock()
	for _, c := range late {
		c.kill()
	}
}
