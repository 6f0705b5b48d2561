package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
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

// A rename is an in-place edit: DirectoryEdits names the lane and the tree
// is patched, not rebuilt. Adding an entry or moving the default is not.
func TestDirectoryEditsPatchInPlace(t *testing.T) {
	s := newState(newClock())
	s.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: []frame.Channel{
		{ChatID: "d", Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		{ChatID: "c", Name: "Ops", Kind: frame.KindChannel},
		{ChatID: "c", ThreadID: frame.Some("t"), Name: "Deploy", Kind: frame.KindThread},
	}}}, false)
	before := s.Tree()
	v := s.DirectoryVersion()
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c", ThreadID: frame.Some("t"), Name: "Release"}}, false)
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c", Name: "Platform"}}, false)
	edits, ok := s.DirectoryEdits(v)
	if !ok || len(edits) != 2 || edits[0] != lane("c", "t") || edits[1] != lane("c", "") {
		t.Fatalf("edits %v, %v", edits, ok)
	}
	tree := s.Tree()
	if &tree[0] != &before[0] || tree[1].Name != "Platform" || tree[1].Threads[0].Name != "Release" {
		t.Fatalf("tree not patched in place: %+v", tree)
	}
	v = s.DirectoryVersion()
	s.Apply(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: "n", Name: "New"}}, false)
	if _, ok := s.DirectoryEdits(v); ok {
		t.Fatal("an added entry passed for an edit")
	}
	v = s.DirectoryVersion()
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "n", IsDefault: frame.Ptr(true)}}, false)
	if _, ok := s.DirectoryEdits(v); ok {
		t.Fatal("a new default passed for an edit")
	}
	if tree := s.Tree(); tree[0].Name != "New" || len(tree) != 3 {
		t.Fatalf("tree after the new default: %+v", tree)
	}
}

// The log of edits is bounded; a list older than what it reaches back to
// is told to rebuild.
func TestDirectoryEditsLogIsBounded(t *testing.T) {
	s := newState(newClock())
	s.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: []frame.Channel{{ChatID: "c", Name: "0"}}}}, false)
	old := s.DirectoryVersion()
	for i := range maxEdits + 10 {
		s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c", Name: fmt.Sprint(i + 1)}}, false)
	}
	if _, ok := s.DirectoryEdits(old); ok {
		t.Fatal("edits beyond the log were reported complete")
	}
	recent := s.DirectoryVersion()
	s.Apply(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: "c", Name: "last"}}, false)
	if edits, ok := s.DirectoryEdits(recent); !ok || len(edits) != 1 || len(s.edits) > maxEdits {
		t.Fatalf("recent edits %v %v, log %d", edits, ok, len(s.edits))
	}
	if s.Tree()[0].Name != "last" {
		t.Fatal(s.Tree()[0].Name)
	}
}
