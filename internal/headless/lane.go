package headless

import (
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// resolveLane finds the lane --channel and --thread name in the directory.
// channel is a chat id or a channel or thread name (case-insensitive); ""
// is the default channel. thread is a thread id of that channel.
func resolveLane(st *store.State, channel, thread string) (frame.Lane, error) {
	var l frame.Lane
	if channel == "" {
		l = st.DefaultLane()
		if l.ChatID == "" {
			return l, fail(ExitUnknownChannel, "the gateway lists no channel to send to")
		}
	} else {
		found, err := findChannel(st.Tree(), channel)
		if err != nil {
			return l, err
		}
		l = found
	}
	if thread != "" {
		l.ThreadID = thread
	}
	return l, nil
}

// findChannel matches name against chat ids first, then names.
func findChannel(tree []store.ChannelNode, name string) (frame.Lane, error) {
	var all []store.ChannelNode
	for _, n := range tree {
		all = append(all, n)
		all = append(all, n.Threads...)
	}
	for _, n := range all {
		if n.Lane.ChatID == name && n.Lane.ThreadID == "" || n.Lane.ThreadID == name {
			return n.Lane, nil
		}
	}
	var hits []store.ChannelNode
	for _, n := range all {
		if strings.EqualFold(n.Name, name) {
			hits = append(hits, n)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0].Lane, nil
	case 0:
		var names []string
		for _, n := range tree {
			names = append(names, termsafe.Line(n.Name))
		}
		return frame.Lane{}, fail(ExitUnknownChannel, "no channel is named %q (channels: %s)", termsafe.Line(name), strings.Join(names, ", "))
	}
	var ids []string
	for _, n := range hits {
		ids = append(ids, termsafe.Line(laneID(n.Lane)))
	}
	return frame.Lane{}, fail(ExitAmbiguousChannel, "%d channels are named %q; pass one of their ids: %s", len(hits), termsafe.Line(name), strings.Join(ids, ", "))
}

// laneID is the id a user passes to --channel for lane l.
func laneID(l frame.Lane) string {
	if l.ThreadID != "" {
		return l.ThreadID
	}
	return l.ChatID
}

// laneFrame returns a request frame addressed to lane l.
func laneFrame(typ string, l frame.Lane, payload any) frame.Frame {
	f := frame.Frame{Type: typ, ChatID: frame.Some(l.ChatID), ThreadID: frame.Null(), Payload: payload}
	if l.ThreadID != "" {
		f.ThreadID = frame.Some(l.ThreadID)
	}
	return f
}
