package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
)

// TestOutageMarksTheStreamingReplyAtOnce: the gateway goes away while a
// reply streams. At once, before any reconnect, the reply shows
// "connection lost" instead of its streaming cursor, and the lane no
// "thinking" spinner; once the gateway is back and the turn goes on live,
// the mark is gone and the reply finishes.
func TestOutageMarksTheStreamingReplyAtOnce(t *testing.T) {
	e := simWith(t, gatewaysim.Config{StreamInterval: 40 * time.Millisecond})
	e.say("summarise the repository")
	e.until("the reply streaming", func() bool {
		ln := e.st.Lane(e.m.Lane())
		if ln == nil || ln.Len() == 0 {
			return false
		}
		it := ln.Item(ln.Len() - 1)
		return it.Msg != nil && it.Msg.Streaming && it.Msg.Text != ""
	})
	e.sim.Outage(time.Second)
	e.until("the drop", func() bool { return !e.m.link.online() })
	e.mustShow("⚠ connection lost: the rest comes", "⚠ connection lost while the agent was working")
	if v := e.plain(); strings.Contains(v, "▍") || strings.Contains(v, "thinking") {
		t.Fatalf("the cut-off reply still streams on screen:\n%s", v)
	}
	e.until("the finished reply", func() bool { return !e.st.Lane(e.m.Lane()).Busy && e.m.link.online() })
	e.mustNotShow("connection lost")
}
