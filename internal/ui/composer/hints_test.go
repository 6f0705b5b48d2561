package composer_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/internal/ui/common"
)

// The line above the input says what Enter does while the agent is busy
// (in each busy mode) and how many messages wait; with the agent idle and
// nothing waiting there is no line. The keys named are the default ones.
func TestHintLine(t *testing.T) {
	cases := []struct {
		name   string
		busy   bool
		queued int
		mode   common.BusyInput
		want   string
	}{
		{"idle", false, 0, common.BusySteer, ""},
		{"one waiting", false, 1, common.BusySteer, "1 message waiting to send"},
		{"two waiting", false, 2, common.BusySteer, "2 messages waiting to send"},
		{"steer", true, 0, common.BusySteer, "STEER  enter steers the running turn · ctrl+t: queue instead"},
		{"queue", true, 1, common.BusyQueue, "QUEUE  enter waits for the next turn · ctrl+t: let the gateway decide · 1 message queued"},
		{"gateway", true, 0, common.BusyGateway, "GATEWAY  enter sends now; the gateway's busy mode decides · ctrl+t: steer instead"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, 120)
			f.typeText("draft")
			h := f.m.Height()
			f.com.Settings.BusyInput = c.mode
			f.m.SetBusy(c.busy, c.queued)
			rows := f.inner() // view checks Height matches the rows
			if c.want == "" {
				if len(rows) != 1 || f.m.Height() != h {
					t.Fatalf("a hint while idle: %q", rows)
				}
				return
			}
			if len(rows) != 2 || rows[0] != c.want || rows[1] != "› draft" || f.m.Height() != h+1 {
				t.Fatalf("rows %q, want the hint %q above the draft", rows, c.want)
			}
		})
	}
}

// The new-thread badge replaces the busy hint: a new thread's message
// neither steers nor waits for the busy lane.
func TestNewThreadBadge(t *testing.T) {
	f := newFixture(t, 100)
	f.m.SetBusy(true, 2)
	f.m.SetAutoThread(true)
	f.mustNotShow("NEW THREAD  the next message starts a thread · alt+t: cancel", "STEER", "queued")
	f.m.SetAutoThread(false)
	f.mustNotShow("STEER", "NEW THREAD")
}

// On a narrow composer the hint is cut with an ellipsis, keeping its one
// row (view checks the widths and the height).
func TestHintIsCutToTheWidth(t *testing.T) {
	f := newFixture(t, 30)
	f.m.SetBusy(true, 0)
	rows := f.inner()
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "STEER  enter steers") || !strings.HasSuffix(rows[0], "…") {
		t.Fatalf("rows %q", rows)
	}
}
