package devicelink_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/devicelink"
	"github.com/hermes/iris/internal/simtest"
)

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// TestProcessesOfAProfileShareOneConnection: the first process holds the
// device's connection, the second attaches; both get every event once,
// the second also those from before it came (the snapshot), its request
// goes through the holder, and the gateway sees one connection.
func TestProcessesOfAProfileShareOneConnection(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	a := start(t, options(dir, url))
	waitFor(t, "the holder's sync", a.synced)
	sim.Broadcast(note("n0"))
	waitFor(t, "n0 at the holder", func() bool { return len(a.notes()) == 1 })
	b := start(t, options(dir, url))
	if !a.link.Holding() || b.link.Holding() {
		t.Fatalf("holding: first %v, second %v; want the first only", a.link.Holding(), b.link.Holding())
	}
	waitFor(t, "the snapshot's cursor", b.synced)
	for _, n := range bodies(1, 50) {
		sim.Broadcast(note(n))
	}
	want := bodies(0, 50)
	waitFor(t, "every note at both", func() bool { return len(a.notes()) >= 50 && len(b.notes()) >= 50 })
	if !slices.Equal(a.notes(), want) || !slices.Equal(b.notes(), want) {
		t.Fatalf("holder got %v\nattached got %v\nwant each once, in order", a.notes(), b.notes())
	}

	resp, err := b.link.Request(context.Background(), frame.Frame{Type: frame.TypeHistory, ChatID: frame.Some("iris:default"), Payload: &frame.HistoryRequest{Limit: 5}})
	if err != nil || resp.Type != frame.TypeHistory {
		t.Fatalf("history through the holder: %s, %v", resp.Type, err)
	}
	oneConnection(t, sim, 1)
}

// TestAStaleSocketIsReplaced: a crashed holder leaves its socket behind,
// refusing connections, and frees its lock with its death; the next
// process replaces the socket and holds, and a later one attaches to it.
func TestAStaleSocketIsReplaced(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	sock := filepath.Join(dir, "dev.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close() // the file stays, nobody listens: a crashed holder's socket
	if err := os.Chmod(sock, 0o600); err != nil {
		t.Fatal(err)
	}
	a := start(t, options(dir, url))
	if !a.link.Holding() {
		t.Fatal("the stale socket was not taken over")
	}
	b := start(t, options(dir, url))
	if b.link.Holding() {
		t.Fatal("a second process holds the device too")
	}
	waitFor(t, "both synced", func() bool { return a.synced() && b.synced() })
	oneConnection(t, sim, 1)
}

// TestForeignSocketsAreRefused: what sits at the socket's path is not
// used unless it is this user's socket that only this user may connect
// to; a holder connected to another gateway is not attached to.
func TestForeignSocketsAreRefused(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	listen := func(t *testing.T, sock string) {
		ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
	}
	t.Run("mode", func(t *testing.T) {
		dir := t.TempDir()
		sock := filepath.Join(dir, "dev.sock")
		listen(t, sock)
		if err := os.Chmod(sock, 0o666); err != nil {
			t.Fatal(err)
		}
		_, err := devicelink.Dial(context.Background(), options(dir, url))
		foreign(t, err, "mode 0666")
	})
	t.Run("not a socket", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "dev.sock"), nil, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := devicelink.Dial(context.Background(), options(dir, url))
		foreign(t, err, "not a socket")
	})
	t.Run("another gateway", func(t *testing.T) {
		dir := t.TempDir()
		start(t, options(dir, url))
		other := options(dir, url)
		other.Client.Token = "another-token"
		_, err := devicelink.Dial(context.Background(), other)
		foreign(t, err, "another gateway URL or with another token")
	})
}

// TestAHolderThatDoesNotAnswerIsWaitedForThenReported: a process holds
// the lock but serves no socket (an older Iris, or one that hangs): the
// next waits up to Options.Wait for it, then says so; once the lock is
// free it holds.
func TestAHolderThatDoesNotAnswerIsWaitedForThenReported(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	lock, err := os.OpenFile(filepath.Join(dir, "dev.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	opts := options(dir, url)
	opts.Wait = 50 * time.Millisecond
	_, err = devicelink.Dial(context.Background(), opts)
	var le *devicelink.Error
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "does not answer") {
		t.Fatalf("got %v", err)
	}
	lock.Close()
	if p := start(t, opts); !p.link.Holding() {
		t.Fatal("the freed lock was not taken")
	}
}
