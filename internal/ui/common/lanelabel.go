package common

import (
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// LaneLabel names lane l as the sidebar does, sanitised: "channel", or
// "channel › thread" for a thread of a listed channel; a lane the
// directory does not list is named by its ids. Two index look-ups, however
// many channels there are.
func LaneLabel(st Store, l frame.Lane) string {
	name := st.ChannelName(l)
	if name == "" {
		return termsafe.Line(l.String())
	}
	if l.ThreadID != "" {
		if parent := st.ChannelName(frame.Lane{ChatID: l.ChatID}); parent != "" {
			return termsafe.Line(parent) + " › " + termsafe.Line(name)
		}
	}
	return termsafe.Line(name)
}
