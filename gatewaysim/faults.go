package gatewaysim

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
)

// faults holds the injected faults that wait for their moment: the downtime
// of a restart, error replies armed for request types, and triggers. It has
// its own lock so the hot paths (every frame read and written) only take it
// when something is armed.
type faults struct {
	down     atomic.Int64 // Unix ns until which connections are refused
	mu       sync.Mutex
	failures map[string][]frame.Error // next requests of a type get these errors
	triggers []*trigger
	armed    atomic.Int32 // len(failures) + len(triggers), for the fast path
}

// Trigger directions: a frame the gateway received or wrote.
const (
	dirRecv = "recv"
	dirSend = "send"
)

// Pseudo frame types a trigger may watch besides real ones.
const (
	anyFrame    = "*"      // every text frame
	binaryFrame = "binary" // a binary media chunk
	replayFrame = "replay" // a frame carrying a cursor (a sync replay)
)

// trigger runs a command once after the left-th matching frame.
type trigger struct {
	dir, typ string
	left     int
	cmd      *command
}

// matches reports whether a frame of type typ (cursor set for replays)
// moving in dir is one the trigger watches.
func (t *trigger) matches(dir, typ string, replay bool) bool {
	if t.dir != dir {
		return false
	}
	switch t.typ {
	case anyFrame:
		return typ != binaryFrame
	case replayFrame:
		return replay
	}
	return t.typ == typ
}

// isDown reports whether a restart's downtime lasts at now.
func (f *faults) isDown(now time.Time) bool { return now.UnixNano() < f.down.Load() }

func (f *faults) setDown(until time.Time) { f.down.Store(until.UnixNano()) }

// failNext arms an error reply for the next request of type typ.
func (f *faults) failNext(typ string, e frame.Error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failures == nil {
		f.failures = map[string][]frame.Error{}
	}
	f.failures[typ] = append(f.failures[typ], e)
	f.armed.Add(1)
}

// takeFailure returns and disarms the error armed for a request of type typ.
func (f *faults) takeFailure(typ string) (frame.Error, bool) {
	if f.armed.Load() == 0 {
		return frame.Error{}, false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.failures[typ]
	if len(q) == 0 {
		return frame.Error{}, false
	}
	f.failures[typ] = q[1:]
	f.armed.Add(-1)
	return q[0], true
}

func (f *faults) arm(t *trigger) {
	f.mu.Lock()
	f.triggers = append(f.triggers, t)
	f.mu.Unlock()
	f.armed.Add(1)
}

// clear disarms every armed error and trigger and returns how many there
// were.
func (f *faults) clear() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := len(f.triggers)
	for _, q := range f.failures {
		n += len(q)
	}
	f.triggers, f.failures = nil, nil
	f.armed.Store(0)
	return n
}

// fired counts a frame against the triggers and returns the commands of
// those that are due, disarmed.
func (f *faults) fired(dir, typ string, replay bool) []*command {
	if f.armed.Load() == 0 {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var due []*command
	keep := f.triggers[:0]
	for _, t := range f.triggers {
		if t.matches(dir, typ, replay) {
			t.left--
		}
		if t.left <= 0 {
			due = append(due, t.cmd)
			f.armed.Add(-1)
			continue
		}
		keep = append(keep, t)
	}
	clear(f.triggers[len(keep):])
	f.triggers = keep
	return due
}

// fire runs the commands of the triggers a frame made due and reports
// whether the frame is lost (a cut). A drop or cut runs at once, so that
// nothing more is written on the dying sockets; anything else runs on its
// own goroutine (a restart waits for connections to end, which may include
// the caller's).
func (s *Server) fire(dir, typ string, replay bool) (lost bool) {
	for _, cmd := range s.faults.fired(dir, typ, replay) {
		if cmd.name == "drop" || cmd.name == "cut" {
			cmd.run(s)
			lost = lost || cmd.name == "cut"
			continue
		}
		go func() {
			if _, err := cmd.run(s); err != nil {
				s.log.Warn("gatewaysim: trigger", "command", cmd.line, "err", err)
			}
		}()
	}
	return lost
}

// fireWritten counts a frame the writer just wrote.
func (s *Server) fireWritten(it outItem) {
	if s.faults.armed.Load() == 0 {
		return
	}
	if it.kind == itemBinary {
		s.fire(dirSend, binaryFrame, false)
		return
	}
	var env struct {
		Type   string `json:"type"`
		Cursor int64  `json:"cursor"`
	}
	if it.kind == itemText && json.Unmarshal(it.data, &env) == nil {
		s.fire(dirSend, env.Type, env.Cursor != 0)
	}
}

// Restart simulates a gateway restart that loses its state: status
// restarting and a close frame to every connection, then every socket is
// closed, the agent's turns end silently and everything the gateway kept is
// forgotten (devices, outboxes and cursors, channels but the default one,
// history, media, pickers, remembered approvals). Connections are refused
// (HTTP 503) for down. Frames received so far stay in Received.
func (s *Server) Restart(down time.Duration) {
	s.restartProcess(s.closeConns, func() {
		s.resetLocked()
		s.strictCursors = true
	})
	s.faults.setDown(time.Now().Add(down))
	s.log.Info("gatewaysim: restarted with state loss", "down", down)
}

// ResetCursors simulates a gateway restored from an old backup: every
// device's outbox is emptied and its cursor starts again at 0, and the
// sockets drop so that clients see the lower sync_cursor in hello.ack.
// From then on a sync from a cursor above the head replays nothing and
// answers sync.done with the gateway's own (lower) head.
func (s *Server) ResetCursors() {
	s.mu.Lock()
	for _, d := range s.devices {
		d.outbox, d.head, d.synced, d.pushed = nil, 0, 0, 0
	}
	s.strictCursors = true
	s.mu.Unlock()
	s.DropConnections()
}

// InjectRaw writes data, as given, as a text frame to every connected
// device. Nothing is parked for offline devices and nothing is checked: it
// may be any frame, of any type or shape, even invalid JSON.
func (s *Server) InjectRaw(data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.devices {
		if d.conn != nil {
			d.conn.enqueue(outItem{data: append([]byte(nil), data...)})
		}
	}
}

// FailNext makes the gateway answer the next request of type typ with an
// error frame of code and message instead of serving it. A hello can be
// failed too. Several calls queue up, one per request.
func (s *Server) FailNext(typ, code, message string) {
	s.faults.failNext(typ, frame.Error{Code: code, Message: message})
}

// SetStatus broadcasts status state to every connected device. online and
// degraded are remembered and announced after hello.ack to devices that
// connect later; restarting is only announced.
func (s *Server) SetStatus(state string) {
	f := frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: state}}
	data, ok := s.encode(f)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if state != frame.StateRestarting {
		s.status = state
	}
	for _, d := range s.devices {
		if d.conn != nil {
			d.conn.enqueue(outItem{data: data})
		}
	}
}

// Outage drops every socket abruptly and refuses connections for down.
func (s *Server) Outage(down time.Duration) {
	if down > 0 {
		s.faults.setDown(time.Now().Add(down))
	}
	s.DropConnections()
}

// Armed returns how many injected errors and triggers wait for their frame.
func (s *Server) Armed() int { return int(s.faults.armed.Load()) }

// SilenceFor makes the server silent (see SetSilent) for d, then talk again.
func (s *Server) SilenceFor(d time.Duration) {
	s.SetSilent(true)
	time.AfterFunc(d, func() { s.SetSilent(false) })
}
