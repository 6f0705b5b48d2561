package gatewaysim

import (
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

func notify(body string) frame.Frame {
	return frame.Frame{Type: frame.TypeNotification, Payload: &frame.Notification{Kind: "generic", Body: body}}
}

// reconnectAndSync pairs device again and syncs from cursor, returning the
// replayed frames and sync.done.
func reconnectAndSync(t *testing.T, url, device string, cursor int64) (*client, *frame.HelloAck, []frame.Frame, *frame.SyncDone) {
	t.Helper()
	c, ack := connect(t, url, device)
	id := c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{Cursor: cursor})
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	done := fs[len(fs)-1]
	must(t, done.Type == frame.TypeSyncDone, "sync answered %s", done.Type)
	return c, ack, fs[:len(fs)-1], done.Payload.(*frame.SyncDone)
}

func TestOutboxWhileOfflineAndSyncReplay(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	s.Broadcast(notify("live"))
	live := c.expect(frame.TypeNotification)
	must(t, live.Cursor == 0, "live frame carries cursor %d", live.Cursor)
	c.ws.Close()
	// Wait until the server noticed the disconnect.
	waitOffline(t, s, "dev_a")
	for _, b := range []string{"one", "two", "three"} {
		s.Broadcast(notify(b))
	}
	_, ack, replay, done := reconnectAndSync(t, url, "dev_a", 0)
	must(t, ack.SyncCursor == 0, "sync_cursor %d", ack.SyncCursor)
	must(t, len(replay) == 3, "replayed %v", types(replay))
	for i, f := range replay {
		must(t, f.Cursor == int64(i+1) && f.ID == 0, "frame %d cursor %d id %d", i, f.Cursor, f.ID)
		must(t, f.Payload.(*frame.Notification).Body == []string{"one", "two", "three"}[i], "order %+v", f.Payload)
	}
	must(t, done.Cursor == 3, "sync.done %d", done.Cursor)

	// Partial replay from a cursor, and the next hello.ack reports it.
	_, ack, replay, done = reconnectAndSync(t, url, "dev_a", 2)
	must(t, ack.SyncCursor == 3, "sync_cursor after sync %d", ack.SyncCursor)
	must(t, len(replay) == 1 && replay[0].Cursor == 3 && done.Cursor == 3, "replay from 2: %v", replay)
}

func TestSyncFromFutureCursorKeepsCursorsIncreasing(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _, replay, done := reconnectAndSync(t, url, "dev_a", 1000)
	must(t, len(replay) == 0 && done.Cursor == 1000, "done %d", done.Cursor)
	c.ws.Close()
	waitOffline(t, s, "dev_a")
	s.Broadcast(notify("after"))
	_, _, replay, done = reconnectAndSync(t, url, "dev_a", 1000)
	must(t, len(replay) == 1 && replay[0].Cursor == 1001 && done.Cursor == 1001, "replay %+v done %d", replay, done.Cursor)
}

func TestDropConnectionsParksFramesForTheDevice(t *testing.T) {
	s, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	s.DropConnections()
	a.expectClosed()
	b.expectClosed()
	waitOffline(t, s, "dev_a")
	waitOffline(t, s, "dev_b")
	s.Broadcast(notify("while dropped"))
	for _, d := range []string{"dev_a", "dev_b"} {
		_, _, replay, _ := reconnectAndSync(t, url, d, 0)
		must(t, len(replay) == 1, "%s replay %v", d, types(replay))
	}
}

func TestSilentServerQueuesAndResumes(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	s.SetSilent(true)
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 1})
	s.Broadcast(notify("held"))
	// The ping is received but not answered; the broadcast is held back.
	if _, err := s.WaitReceived(ctxTimeout(t), func(f frame.Frame) bool { return f.ID == id }); err != nil {
		t.Fatal(err)
	}
	s.SetSilent(false)
	f := c.read()
	must(t, f.Type == frame.TypeNotification, "first frame after silence %s", f.Type)
	id2 := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 2})
	f = c.read()
	must(t, f.Type == frame.TypePong && f.ID == id2 && id2 != id, "pong %+v", f)
}

func TestNewConnectionOfSameDeviceTakesOver(t *testing.T) {
	s, url := newTestServer(t, nil)
	old, _ := connect(t, url, "dev_a")
	fresh, _ := connect(t, url, "dev_a")
	old.expectClosed()
	s.Broadcast(notify("to the new one"))
	must(t, fresh.expect(frame.TypeNotification).Cursor == 0, "live on the new connection")
}

// waitOffline waits until the server has detached device's connection.
func waitOffline(t *testing.T, s *Server, device string) {
	t.Helper()
	ctx := ctxTimeout(t)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		s.mu.Lock()
		d := s.deviceByID(device)
		offline := d != nil && d.conn == nil
		s.mu.Unlock()
		if offline {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s still online", device)
		case <-tick.C:
		}
	}
}

func TestUnwrittenFramesOfADeadSocketAreParked(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	s.SetSilent(true) // frames stay queued on the socket
	s.Broadcast(notify("queued 1"))
	s.Broadcast(notify("queued 2"))
	s.DropConnections()
	c.expectClosed()
	waitOffline(t, s, "dev_a")
	s.SetSilent(false)
	_, _, replay, done := reconnectAndSync(t, url, "dev_a", 0)
	must(t, len(replay) == 2 && done.Cursor == 2, "replay %v done %d", types(replay), done.Cursor)
	must(t, replay[1].Payload.(*frame.Notification).Body == "queued 2", "order")
}

func TestBroadcastOfUnencodableFrameIsDropped(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	s.Broadcast(frame.Frame{Type: "bogus", Payload: make(chan int)})
	s.Broadcast(notify("after"))
	must(t, c.read().Type == frame.TypeNotification, "the bad frame reached the client")
}
