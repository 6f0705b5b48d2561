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

// TestDirectoryScalesLinearly: listing, pruning and renaming channels cost
// time linear in the directory's size (an index by lane, one pass per
// listing), so ten times the channels take about ten times as long, not a
// hundred.
func TestDirectoryScalesLinearly(t *testing.T) {
	small, big := timeDirectory(t, 5_000), timeDirectory(t, 50_000)
	t.Logf("5,000 channels: %v; 50,000: %v", small, big)
	if r := float64(big) / float64(small); r > 35 {
		t.Errorf("10× the channels took %.0f× the time", r)
	}
}
