package gatewaysim

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/hermes/iris/frame"
)

// outboxRetention caps a device's outbox; older frames are pruned as a real
// gateway's retention would.
const outboxRetention = 50000

// device is a client device known by its hello.device_id.
type device struct {
	id   string
	conn *conn // the live connection, nil while offline
	// outbox holds frames parked while offline, in cursor order. Entries stay
	// after a sync (a client may resync from an older cursor) until pruned.
	outbox []frame.Frame
	head   int64 // highest cursor assigned
	// synced is the cursor the device last synced to; hello.ack reports it
	// as sync_cursor.
	synced int64
	// name is the device_name of its last hello; wantsAnswered is set when
	// that hello asked for picker.answered frames (extensions.go).
	name          string
	wantsAnswered bool
	// push is set while the device has a push registration; pushed is the
	// highest cursor a push backend would have delivered to it (push.go).
	push   bool
	pushed int64
}

// park appends f to the outbox under the next cursor. Parked frames never
// carry a request id.
func (d *device) park(f frame.Frame) {
	d.head++
	f.Cursor = d.head
	f.ID = 0
	if d.push && pushes(f) {
		d.pushed = d.head
	}
	d.outbox = append(d.outbox, f)
	if len(d.outbox) > outboxRetention {
		d.outbox = slices.Delete(d.outbox, 0, len(d.outbox)-outboxRetention)
	}
}

// after returns the parked frames with cursor > n.
func (d *device) after(n int64) []frame.Frame {
	i, _ := slices.BinarySearchFunc(d.outbox, n+1, func(f frame.Frame, c int64) int {
		return int(f.Cursor - c)
	})
	return d.outbox[i:]
}

// purge drops parked frames for which drop is true.
func (d *device) purge(drop func(frame.Frame) bool) {
	d.outbox = slices.DeleteFunc(d.outbox, drop)
}

// encode serialises f, logging a failure (only a frame injected through
// Broadcast with an unencodable payload can fail), with its lane where the
// dialect puts it (wireLanes). A simulator configured for another protocol
// version stamps that version into "v".
func (s *Server) encode(f frame.Frame) ([]byte, bool) {
	data, err := frame.Encode(s.wireLanes(f))
	if err != nil {
		s.log.Error("gatewaysim: encode", "type", f.Type, "err", err)
		return nil, false
	}
	if v := s.cfg.ProtocolVersion; v != frame.Version {
		prefix := `{"v":` + strconv.Itoa(frame.Version)
		data = append([]byte(`{"v":`+strconv.Itoa(v)), bytes.TrimPrefix(data, []byte(prefix))...)
	}
	return data, true
}

// deviceByID returns the device with id, or nil; s.mu must be held.
func (s *Server) deviceByID(id string) *device {
	for _, d := range s.devices {
		if d.id == id {
			return d
		}
	}
	return nil
}

// deliverLocked sends f (already encoded as data, without id) to device d:
// live when connected, parked otherwise. s.mu must be held.
func (s *Server) deliverLocked(d *device, f frame.Frame, data []byte) {
	if d.conn != nil {
		d.conn.enqueue(outItem{data: data, f: f, park: true})
		return
	}
	d.park(f)
}

// broadcastLocked delivers f to every device except skip. s.mu must be held.
func (s *Server) broadcastLocked(f frame.Frame, skip *device) {
	f.ID = 0
	data, ok := s.encode(f)
	if !ok {
		return
	}
	for _, d := range s.devices {
		if d != skip {
			s.deliverLocked(d, f, data)
		}
	}
}

// replyAllLocked sends f with its id to the requesting connection and
// without id to every other device: a response that is also a broadcast.
// If c is no longer its device's live connection, the device gets f parked.
// s.mu must be held.
func (s *Server) replyAllLocked(c *conn, f frame.Frame) {
	if d := c.dev; d != nil && d.conn == c {
		data, ok := s.encode(f)
		if !ok {
			return
		}
		c.enqueue(outItem{data: data, f: f, park: true})
		s.broadcastLocked(f, d)
		return
	}
	s.broadcastLocked(f, nil)
}

// sendToDeviceLocked delivers f to c's device only (read.receipt of a user
// message goes to the originating device). s.mu must be held.
func (s *Server) sendToDeviceLocked(c *conn, f frame.Frame) {
	if data, ok := s.encode(f); ok && c.dev != nil {
		s.deliverLocked(c.dev, f, data)
	}
}

// replaceConn ends the live connection of device id, if any, and waits
// until it is torn down: everything it never wrote is then parked, in
// order, before a new connection of the device can sync.
func (s *Server) replaceConn(id string) {
	for {
		s.mu.Lock()
		var old *conn
		if d := s.deviceByID(id); d != nil && id != "" {
			if old = d.conn; old != nil {
				s.counted(id).superseded++
			}
		}
		s.mu.Unlock()
		if old == nil {
			return
		}
		old.kill()
		<-old.finished
	}
}

// attachLocked makes c the live connection of d. A previous connection of the
// same device is killed and its unwritten frames parked first. s.mu must be
// held.
func (s *Server) attachLocked(c *conn, d *device) {
	s.counted(d.id).hellos++
	if old := d.conn; old != nil && old != c {
		s.counted(d.id).superseded++
		d.conn = nil
		s.parkUnwritten(old, d)
		old.kill()
	}
	d.conn = c
	c.dev = d
}

// detach forgets c and parks everything it never wrote.
func (s *Server) detach(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.conns, c)
	if d := c.dev; d != nil {
		if d.conn == c {
			d.conn = nil
		}
		s.parkUnwritten(c, d)
	}
}

// parkUnwritten moves c's queued device content into d's outbox. s.mu must be
// held.
func (s *Server) parkUnwritten(c *conn, d *device) {
	for _, it := range c.takeQueue() {
		if it.park {
			d.park(it.f)
		}
	}
}

// syncLocked replays d's parked frames after cursor n to c and answers
// sync.done. s.mu must be held.
func (s *Server) syncLocked(c *conn, id, n int64) {
	d := c.dev
	if n > d.head && !s.strictCursors {
		// The client remembers a cursor from an earlier gateway life; keep
		// future cursors above it so they are not skipped.
		d.head = n
	}
	var items []outItem
	for _, f := range d.after(n) {
		if data, ok := s.encode(f); ok {
			items = append(items, outItem{data: data})
		}
	}
	d.synced = d.head
	if done, ok := s.encode(frame.Frame{ID: id, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: d.head}}); ok {
		items = append(items, outItem{data: done})
	}
	c.enqueue(items...)
}

// connCount is what DeviceConnections reports for one device id.
type connCount struct{ hellos, superseded int }

// counted is device id's connCount; s.mu must be held.
func (s *Server) counted(id string) *connCount {
	c := s.connCounts[id]
	if c == nil {
		c = &connCount{}
		s.connCounts[id] = c
	}
	return c
}

// DeviceConnections reports how many connections said hello as device id,
// and how many of those took a live connection of the same device away:
// a client whose processes share the device's connection never makes the
// second number grow. Both count over the simulator's whole life,
// restarts included (like Received).
func (s *Server) DeviceConnections(id string) (hellos, superseded int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.connCounts[id]; c != nil {
		return c.hellos, c.superseded
	}
	return 0, 0
}
