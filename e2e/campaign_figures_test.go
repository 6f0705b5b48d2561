package e2e

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// campaignFigures is what the campaign measured.
type campaignFigures struct {
	Plan     campaignPlan
	Duration time.Duration
	Drops    map[string]int // by where they landed: send, upload, stream, replay
	// SendsCut of Drops["send"] lost the message in flight, before the
	// gateway read it.
	SendsCut int
	Restarts int
	Kills    int
	// ReplayKills, Junk and OfflineDeletes count the faults of those steps
	// that landed (campaignPlan).
	ReplayKills    int
	Junk           int
	OfflineDeletes int
	// Wiped counts messages a malformed directory took off the default
	// lane (must be 0).
	Wiped int

	Sent       int // user messages typed
	ExactlyOne int // reached the gateway exactly once
	Duplicated int // reached the gateway more than once
	// Flagged are messages Iris shows as failed or delivery unknown (with a
	// one-key resend), whether or not they reached the gateway.
	Flagged int
	// FlaggedDelivered of Flagged did reach the gateway (after a restart
	// with state loss, history cannot confirm them).
	FlaggedDelivered int
	// Returned were given back to the composer with the reason (a failed
	// upload) and sent again by the user's Enter.
	Returned int
	// Lost never reached the gateway, yet Iris shows them as sent, queued
	// or not at all.
	Lost int
	// BusyLanes counts lanes still shown busy busyGrace after the gateway
	// went idle with Iris online.
	BusyLanes int
	// Integrity holds each PRAGMA integrity_check result, one per kill and
	// one at the end.
	Integrity []string
	// Missed lists the faults that could not land, and why.
	Missed []string
	// Problems names the messages behind non-zero must-be-0 figures.
	Problems []string
}

// checkIntegrity opens the store read-only (Iris has exited) and records
// PRAGMA integrity_check.
func (c *campaign) checkIntegrity() {
	c.t.Helper()
	path := filepath.Join(c.e.dataDir(), store.FileName)
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	var result string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&result); err != nil {
		result = "error: " + err.Error()
	}
	c.fig.Integrity = append(c.fig.Integrity, result)
}

// account classifies every typed message by what the gateway received and
// what Iris stored.
func (c *campaign) account() {
	received := deliveries(c.sim)
	stored := map[string][]store.Delivery{}
	for _, m := range c.e.storedMessages() {
		if m.Role == frame.RoleUser {
			stored[m.Text] = append(stored[m.Text], m.Delivery)
		}
	}
	f := &c.fig
	f.Sent = len(c.texts)
	for _, text := range c.texts {
		n := received[text]
		flagged := slices.ContainsFunc(stored[text], func(d store.Delivery) bool {
			return d == store.DeliveryFailed || d == store.DeliveryUnknown
		})
		switch {
		case n == 1:
			f.ExactlyOne++
		case n > 1:
			f.Duplicated++
			f.Problems = append(f.Problems, fmt.Sprintf("%q reached the gateway %d times (%s)", text, n, c.framesOf(text)))
		case !flagged:
			f.Lost++
			f.Problems = append(f.Problems, fmt.Sprintf("%q never reached the gateway; Iris stored it as %v", text, stored[text]))
		}
		if flagged {
			f.Flagged++
			if n > 0 {
				f.FlaggedDelivered++
			}
		}
	}
}

// integrityOK counts the "ok" integrity results.
func (f *campaignFigures) integrityOK() int {
	n := 0
	for _, r := range f.Integrity {
		if r == "ok" {
			n++
		}
	}
	return n
}

// markdown renders the figures as RELIABILITY.md reports them.
func (f *campaignFigures) markdown() string {
	var b strings.Builder
	p := f.Plan
	fmt.Fprintf(&b, "Campaign %q, seed %d, %v on this machine.\n\n", p.Name, p.Seed, f.Duration)
	fmt.Fprintf(&b, "| fault | injected |\n| --- | --- |\n")
	total := 0
	for _, k := range []string{"send", "upload", "stream", "replay"} {
		total += f.Drops[k]
	}
	fmt.Fprintf(&b, "| socket drops | %d of %d planned (during sends %d, of which %d before the gateway read the message; uploads %d, streams %d, sync replays %d) |\n",
		total, p.Drops, f.Drops["send"], f.SendsCut, f.Drops["upload"], f.Drops["stream"], f.Drops["replay"])
	fmt.Fprintf(&b, "| gateway restarts with state loss | %d |\n| kill -9 of Iris | %d |\n", f.Restarts, f.Kills)
	fmt.Fprintf(&b, "| kill -9 during a sync replay of %d frames while queued messages go out | %d of %d |\n", framesPerCron*replayBacklog, f.ReplayKills, p.ReplayKills)
	fmt.Fprintf(&b, "| malformed directory frames | %d of %d |\n", f.Junk, p.Junk)
	fmt.Fprintf(&b, "| channels deleted on another device while messages typed into them waited offline | %d of %d |\n\n", f.OfflineDeletes, p.OfflineDeletes)
	fmt.Fprintf(&b, "| user messages | count |\n| --- | --- |\n")
	fmt.Fprintf(&b, "| typed | %d |\n| reached the gateway exactly once | %d |\n", f.Sent, f.ExactlyOne)
	fmt.Fprintf(&b, "| given back to the composer with the reason (failed upload), then sent with Enter | %d |\n", f.Returned)
	fmt.Fprintf(&b, "| marked failed or delivery unknown in Iris | %d (of which %d had reached the gateway) |\n", f.Flagged, f.FlaggedDelivered)
	fmt.Fprintf(&b, "| duplicated (must be 0) | %d |\n| lost (must be 0) | %d |\n", f.Duplicated, f.Lost)
	fmt.Fprintf(&b, "| lanes left busy after reconnect (must be 0) | %d |\n", f.BusyLanes)
	fmt.Fprintf(&b, "| messages taken off the default lane by a malformed directory (must be 0) | %d |\n", f.Wiped)
	fmt.Fprintf(&b, "| PRAGMA integrity_check | %d of %d ok |\n", f.integrityOK(), len(f.Integrity))
	if len(f.Missed) > 0 {
		fmt.Fprintf(&b, "\nFaults that could not land (%d):\n", len(f.Missed))
		for _, m := range f.Missed {
			fmt.Fprintf(&b, "\n- %s", m)
		}
		b.WriteString("\n")
	}
	if len(f.Problems) > 0 {
		fmt.Fprintf(&b, "\nMessages behind the must-be-0 figures:\n")
		for _, p := range f.Problems {
			fmt.Fprintf(&b, "\n- %s", p)
		}
		b.WriteString("\n")
	}
	return b.String() + "\n"
}

// report writes the figures to $IRIS_CAMPAIGN_OUT (if set) and the log,
// then asserts the figures that must be 0.
func (c *campaign) report() {
	md := c.fig.markdown()
	c.t.Log("\n" + md)
	if out := os.Getenv("IRIS_CAMPAIGN_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(md), 0o644); err != nil {
			c.t.Errorf("writing %s: %v", out, err)
		}
	}
	f := c.fig
	if f.Duplicated != 0 || f.Lost != 0 || f.BusyLanes != 0 || f.Wiped != 0 || f.integrityOK() != len(f.Integrity) {
		c.t.Errorf("must-be-0 figures: duplicated %d, lost %d, lanes left busy %d, messages wiped %d, integrity failures %d",
			f.Duplicated, f.Lost, f.BusyLanes, f.Wiped, len(f.Integrity)-f.integrityOK())
	}
	if f.ExactlyOne+f.Duplicated+f.Lost+(f.Flagged-f.FlaggedDelivered) != f.Sent {
		c.t.Errorf("the figures do not add up to the %d messages typed: %+v", f.Sent, f)
	}
}

// framesOf lists the frames carrying text the gateway received, by type
// and lane, and how many of its steers the gateway refused.
func (c *campaign) framesOf(text string) string {
	var out []string
	for _, f := range c.sim.Received() {
		if sentText(f) == text {
			out = append(out, f.Type+" "+f.Lane().String())
		}
	}
	refused := 0
	for _, r := range c.sim.RefusedSteers() {
		if r == text {
			refused++
		}
	}
	return fmt.Sprintf("%s; %d steers refused", strings.Join(out, ", "), refused)
}
