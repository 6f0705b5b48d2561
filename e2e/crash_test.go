package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/wsclient/frame"
)

// kill -9 while a reply streams: the database opens, every message that was
// on screen as final is stored, the stored cursor is not ahead of what the
// gateway had parked for the device, and a restart picks the stream up from
// that cursor so the reply ends up stored once and whole.
func TestCrashWhileStreaming(t *testing.T) {
	const token = "crash-token"
	const crons = 30
	sim, url := startSim(t, token, 150*time.Millisecond)
	e := newEnv(t)
	args := []string{"--url", url, "--token", token}

	first := e.start(args...)
	first.waitShows("● online", "Any failing tests? (#30)")
	first.quit()
	st := e.openStore()
	base := st.Cursor()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	// While Iris is away the gateway parks, per cron post, a message and a
	// notification: cursors base+1 … base+2*crons.
	for i := 1; i <= crons; i++ {
		sim.PostCron("", cronText(i))
	}
	head := base + 2*crons

	second := e.start(args...)
	second.waitShows("● online", cronText(crons))
	const ask = "please check the workspace"
	second.typeLine(ask)
	second.waitFor("the reply streaming", func(s string) bool {
		return strings.Contains(s, "Here is what I found") && !strings.Contains(s, "Anything else you want me to look at?")
	})
	second.kill()

	st = e.openStore()
	cur := st.Cursor()
	if cur < base || cur > head {
		t.Fatalf("stored cursor %d, want within [%d, %d] (the gateway's head when Iris died)", cur, base, head)
	}
	msgs := messages(t, st)
	for i := 1; i <= crons; i++ {
		if n := countText(msgs, cronText(i)); n != 1 {
			t.Fatalf("%q (cursor %d, stored cursor %d) stored %d times", cronText(i), base+int64(2*i-1), cur, n)
		}
	}
	if n := countText(msgs, ask); n != 1 {
		t.Fatalf("the sent message, shown as sent before the kill, stored %d times", n)
	}
	if n := countReply(msgs); n != 0 {
		t.Fatalf("the reply that was streaming is stored %d times", n)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	third := e.start(args...)
	// The runtime footer comes with message.stop, after the last update.
	third.waitShows("● online", "Anything else you want me to look at?", "~/src/iris · ")
	if got := lastSyncCursor(sim); got != cur {
		t.Fatalf("the restart synced from %d, the store held %d", got, cur)
	}
	third.quit()
	msgs = messages(t, e.openStore())
	if n := countReply(msgs); n != 1 {
		t.Fatalf("the reply is stored %d times after the restart", n)
	}
	for i := 1; i <= crons; i++ {
		if n := countText(msgs, cronText(i)); n != 1 {
			t.Fatalf("%q stored %d times after the restart", cronText(i), n)
		}
	}
}

func cronText(i int) string { return fmt.Sprintf("cron note %02d", i) }

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
func lastSyncCursor(sim interface{ Received() []frame.Frame }) int64 {
	cur := int64(-1)
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.Sync); ok {
			cur = p.Cursor
		}
	}
	return cur
}
