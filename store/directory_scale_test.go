package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/hermes/iris/wsclient/frame"
)

// timeDirectory times, on a fresh State, a hello.ack listing n channels,
// a second listing that drops every other one, and a rename.
func timeDirectory(t *testing.T, n int) time.Duration {
	t.Helper()
	list := make([]frame.Channel, n)
	for i := range list {
		list[i] = frame.Channel{ChatID: fmt.Sprintf("c%d", i), Name: fmt.Sprintf("channel %d", i), Kind: frame.KindChannel}
	}
	half := make([]frame.Channel, 0, n/2)
	for i := 0; i < n; i += 2 {
		half = append(half, list[i])
	}
	s := New(Options{})
	start := time.Now()
	s.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: list}}, false)
	s.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: half}}, false)
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c0", Name: "renamed"}}, false)
	_ = s.Tree()
	d := time.Since(start)
	if got := len(s.Tree()); got != n/2 || s.Tree()[0].Name != "renamed" {
		t.Fatalf("%d channels listed, first %q", got, s.Tree()[0].Name)
	}
	return d
}

// TestDirectoryScalesLinearly: listing, pruning and renaming 100,000
// channels takes time linear in the directory's size (an index by lane, one
// pass per listing): about a second here, where the quadratic passes it
// replaced took over five minutes. The bound leaves room for a loaded
// machine and still fails any quadratic pass by far.
func TestDirectoryScalesLinearly(t *testing.T) {
	d := timeDirectory(t, 100_000)
	t.Logf("100,000 channels listed, half pruned, one renamed: %v", d)
	if d > 20*time.Second {
		t.Errorf("100,000 channels took %v", d)
	}
}

// A directory change writes the entries that changed, not the whole
// directory; positions survive removals, additions and restarts.
func TestDirectoryWritesOnlyWhatChanged(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	list := make([]frame.Channel, 2000)
	for i := range list {
		list[i] = frame.Channel{ChatID: fmt.Sprintf("c%d", i), Name: fmt.Sprintf("channel %d", i), Kind: frame.KindChannel}
	}
	s.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: list}}, false)
	changes := func(f func()) int {
		s.db.flush()
		before := count(t, s.db.conn, `SELECT total_changes()`)
		f()
		s.db.flush()
		return count(t, s.db.conn, `SELECT total_changes()`) - before
	}
	if n := changes(func() {
		s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c5", Name: "renamed"}}, false)
	}); n > 3 {
		t.Fatalf("a rename wrote %d rows", n)
	}
	if n := changes(func() {
		s.Apply(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: "c1"}}, false)
		s.Apply(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: "new", Name: "new one"}}, false)
	}); n > 6 {
		t.Fatalf("a deletion and a creation wrote %d rows", n)
	}
	closeState(t, s)
	s = open(t, dir, clk)
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c2", Name: "again"}}, false)
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	tree := s.Tree()
	if len(tree) != 2000 || tree[0].Name != "channel 0" || tree[1].Name != "again" || tree[4].Name != "renamed" ||
		tree[1999].Name != "new one" {
		t.Fatalf("%d entries: %s, %s, %s … %s", len(tree), tree[0].Name, tree[1].Name, tree[4].Name, tree[len(tree)-1].Name)
	}
}
