package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

// TestHalfOpenConnectionCountsSilenceAndNamesCause: on a real socket to a
// simulator that stops answering but keeps TCP open, the status bar leaves
// "● online" as soon as a ping goes unanswered and counts the silence; a
// message sent meanwhile says why its delivery is unknown, and once the
// dead connection is replaced, why it was not sent.
func TestHalfOpenConnectionCountsSilenceAndNamesCause(t *testing.T) {
	sim := gatewaysim.New(gatewaysim.Config{Token: "tok", StreamInterval: time.Millisecond})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	e := dialEnv(t, url, wsclient.Timing{PingInterval: 50 * time.Millisecond, PingGrace: 100 * time.Millisecond,
		DeadAfter: 2 * time.Second, RequestTimeout: 300 * time.Millisecond}, withTimeout(300*time.Millisecond))
	now := fixedNow
	e.m.com.Now = func() time.Time { return now }
	e.mustShow("● online")

	sim.SetSilent(true)
	e.until("the silence shown", e.shows("◌ no answer from the gateway for 1 s"))
	e.mustNotShow("● online")
	now = now.Add(5 * time.Second)
	e.send(clockMsg{})
	e.mustShow("◌ no answer from the gateway for 6 s")

	e.typeText("hello into the void")
	e.key(tea.KeyEnter, 0)
	e.mustShow("? delivery unknown: no answer from the gateway for 6 s")

	e.until("the dead connection replaced", func() bool { return e.m.link.state == common.ConnReconnecting })
	e.mustNotShow("◌ no answer")
	sim.SetSilent(false)
	e.until("online again", func() bool { return e.m.link.online() })
	e.until("the history check", e.shows("✗ not sent: no answer from the gateway for 6 s"))
	e.mustShow("● online")
}
