package common

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// TestLaneLabel: a listed channel is its name, a listed thread is
// "channel › thread", a lane the directory does not list is its ids, and
// every name is sanitised.
func TestLaneLabel(t *testing.T) {
	c := NewForTest(time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC))
	st := c.Store.(*store.State)
	st.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: []frame.Channel{
		{ChatID: "c1", Name: "Builds", Kind: frame.KindChannel},
		{ChatID: "c2", Name: "evil\x1b[2J", Kind: frame.KindChannel},
		{ChatID: "c1", ThreadID: frame.Some("t1"), ParentChatID: frame.Some("c1"), Name: "flaky test", Kind: frame.KindThread},
	}}}, false)
	cases := []struct {
		lane frame.Lane
		want string
	}{
		{frame.Lane{ChatID: "c1"}, "Builds"},
		{frame.Lane{ChatID: "c2"}, "evil␛[2J"},
		{frame.Lane{ChatID: "c1", ThreadID: "t1"}, "Builds › flaky test"},
	}
	for _, tc := range cases {
		if got := LaneLabel(c.Store, tc.lane); got != tc.want {
			t.Errorf("LaneLabel(%v) = %q, want %q", tc.lane, got, tc.want)
		}
	}
	unlisted := frame.Lane{ChatID: "c9\x07"}
	if got := LaneLabel(c.Store, unlisted); !strings.Contains(got, "c9") || strings.ContainsRune(got, '\a') {
		t.Errorf("an unlisted lane: %q", got)
	}
}
