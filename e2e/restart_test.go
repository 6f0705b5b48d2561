package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
)

// The gateway restarts, losing its state, while a tool runs. Within a few
// seconds of the reconnect the lane is no longer "thinking", the card says
// "interrupted (gateway restarted)" instead of "running…" (and is stored
// so), and the next message is delivered and answered.
func TestGatewayRestartMidTool(t *testing.T) {
	const token = "restart-token"
	// A slow agent: the tool call runs for seconds.
	first := gatewaysim.New(gatewaysim.Config{Token: token, StreamInterval: 5 * time.Second, Seed: true})
	url, err := first.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeSim(t, first) })
	e := newEnv(t)
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online", "Any failing tests? (#30)")
	r.typeLine("check the workspace")
	// While the tool runs the agent is busy with reason "tool".
	r.waitFor("the running tool card", func(s string) bool {
		return containsAll(s, "git status --short", "running…", "running a tool (esc to stop)")
	})

	// Restart with state loss: a new simulator on the same address.
	closeSim(t, first)
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/")
	second := gatewaysim.New(gatewaysim.Config{Token: token, Seed: true})
	if _, err := second.Start(addr); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeSim(t, second) })
	start := time.Now()
	r.waitFor("the interrupted card, the lane idle", func(s string) bool {
		return containsAll(s, "● online", "interrupted (gateway restarted)") && !strings.Contains(s, "to stop)") &&
			!strings.Contains(s, "running…")
	})
	t.Logf("settled %v after the restarted gateway came up", time.Since(start).Round(100*time.Millisecond))

	r.typeLine("after the restart")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if _, err := second.WaitReceived(ctx, func(f frame.Frame) bool {
		ms, ok := f.Payload.(*frame.MessageSend)
		return ok && ms.Text == "after the restart"
	}); err != nil {
		t.Fatalf("the next message never reached the restarted gateway: %v", err)
	}
	r.waitShows("Re: after the restart")
	r.quit()

	// What the next start of Iris reads: the card's mark, nothing running.
	e.inspect(func(st *store.State) {
		if got := st.Unsettled(); len(got) != 0 {
			t.Fatalf("lanes left running in the store: %v", got)
		}
		ln, marked := st.Lane(st.DefaultLane()), 0
		for i := range ln.Len() {
			if tc := ln.Item(i).Tool; tc != nil && tc.Cut == store.CutRestart {
				marked++
			}
		}
		if marked != 1 {
			t.Fatalf("%d stored cards marked interrupted (gateway restarted), want 1", marked)
		}
	})
}
