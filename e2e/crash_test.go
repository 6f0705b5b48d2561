package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
)

// kill -9 while a reply streams: the database opens, every message that was
// on screen as final is stored, the stored cursor is not ahead of what the
// gateway had parked for the device, and a restart picks the stream up from
// that cursor so the reply ends up stored once and whole.
func TestCrashWhileStreaming(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		const token = "crash-token"
		const crons = 30
		sim, url := startSimIn(t, d, token, 150*time.Millisecond)
		e := newEnv(t)
		args := []string{"--url", url, "--token", token}
		base, head := parkCrons(t, e, sim, args, crons)

		second := e.start(args...)
		second.waitShows("● online", cronText(crons))
		const ask = "please check the workspace"
		second.typeLine(ask)
		second.waitFor("the reply streaming", func(s string) bool {
			return strings.Contains(s, "Here is what I found") && !strings.Contains(s, "Anything else you want me to look at?")
		})
		second.kill()

		cur := storedCursor(t, e, base, head)
		msgs := e.storedMessages()
		assertCronsOnce(t, msgs, crons)
		if n := countText(msgs, ask); n != 1 {
			t.Fatalf("the sent message, shown as sent before the kill, stored %d times", n)
		}
		if n := countReply(msgs); n != 0 {
			t.Fatalf("the reply that was streaming is stored %d times", n)
		}

		third := e.start(args...)
		// The runtime footer comes with message.stop, after the last update.
		third.waitShows("● online", "Anything else you want me to look at?", "~/src/iris · ")
		if got := lastSyncCursor(sim); got != cur {
			t.Fatalf("the restart synced from %d, the store held %d", got, cur)
		}
		third.quit()
		msgs = e.storedMessages()
		if n := countReply(msgs); n != 1 {
			t.Fatalf("the reply is stored %d times after the restart", n)
		}
		assertCronsOnce(t, msgs, crons)
	})
}

// kill -9 while a long sync replay is being applied: whatever the stored
// cursor is, every parked message at or below it is stored, and the restart
// stores each of them exactly once.
func TestCrashDuringSyncReplay(t *testing.T) {
	const token = "replay-token"
	const crons = 1000
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	args := []string{"--url", url, "--token", token}
	base, head := parkCrons(t, e, sim, args, crons)

	second := e.start(args...)
	second.waitShows("cron note")
	second.kill()

	cur := storedCursor(t, e, base, head)
	msgs := e.storedMessages()
	for i := 1; i <= crons; i++ {
		want := 0
		if cronCursor(base, i) <= cur {
			want = 1
		}
		if n := countText(msgs, cronText(i)); n != want && (want == 1 || n > 1) {
			t.Fatalf("%q has cursor %d, the stored cursor is %d, yet it is stored %d times", cronText(i), cronCursor(base, i), cur, n)
		}
	}
	t.Logf("killed with the stored cursor at %d of %d parked frames", cur-base, head-base)

	// A channel that exists only in the last parked frame: once the
	// sidebar shows it, the replay has been applied to its end.
	sim.Broadcast(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{
		ChatID: "iris:replay_end", Name: "Replay end", Kind: frame.KindChannel}})
	head++

	t0 := time.Now()
	third := e.start(args...)
	third.waitShows("● online", "Replay end")
	t.Logf("the restart applied the remaining %d frames in %v", head-cur, time.Since(t0))
	if got := lastSyncCursor(sim); got != cur {
		t.Fatalf("the restart synced from %d, the store held %d", got, cur)
	}
	third.quit()
	assertCronsOnce(t, e.storedMessages(), crons)
	if got := storedCursor(t, e, cur, head); got != head {
		t.Fatalf("stored cursor %d after the whole replay, want the head %d", got, head)
	}
}

// parkCrons runs the binary once online (so the gateway knows the device),
// quits, and has the gateway post n cron messages while it is away. Each
// post parks framesPerCron frames (agent.busy, the message, a notification,
// agent.idle), so cron i has cursor cronCursor(base, i) and head is the
// last parked cursor.
func parkCrons(t *testing.T, e *env, sim *gatewaysim.Server, args []string, n int) (base, head int64) {
	t.Helper()
	e.connectOnce(args...)
	e.inspect(func(st *store.State) { base = st.Cursor() })
	for i := 1; i <= n; i++ {
		sim.PostCron("", cronText(i))
	}
	return base, base + framesPerCron*int64(n)
}

// framesPerCron is how many frames one PostCron parks.
const framesPerCron = 4

// storedCursor opens the store after a kill and checks its cursor lies
// between what it held before and the gateway's head.
func storedCursor(t *testing.T, e *env, base, head int64) int64 {
	t.Helper()
	var cur int64
	e.inspect(func(st *store.State) { cur = st.Cursor() })
	if cur < base || cur > head {
		t.Fatalf("stored cursor %d, want within [%d, %d] (the gateway's head when Iris died)", cur, base, head)
	}
	return cur
}

func cronText(i int) string { return fmt.Sprintf("cron note %04d", i) }

// cronCursor is the cursor of cron i's message frame (the second of its
// frames).
func cronCursor(base int64, i int) int64 { return base + framesPerCron*int64(i-1) + 2 }

// assertCronsOnce checks that each of the n cron messages is stored once.
func assertCronsOnce(t *testing.T, msgs []*store.Message, n int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		if got := countText(msgs, cronText(i)); got != 1 {
			t.Fatalf("%q stored %d times", cronText(i), got)
		}
	}
}

// countReply counts stored messages holding the agent's whole reply.
func countReply(msgs []*store.Message) int {
	n := 0
	for _, m := range msgs {
		if strings.HasPrefix(m.Text, "## Re: please check the workspace") && strings.HasSuffix(m.Text, "Anything else you want me to look at?") {
			n++
		}
	}
	return n
}

// lastSyncCursor is the cursor of the last sync request the gateway got.
func lastSyncCursor(sim *gatewaysim.Server) int64 {
	cur := int64(-1)
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.Sync); ok {
			cur = p.Cursor
		}
	}
	return cur
}
