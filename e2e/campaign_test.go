package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// The seeded fault campaign: the real binary against the simulator, with
// socket drops during streams, sends, uploads and sync replays, gateway
// restarts that lose state, kill -9 of Iris (also during a sync replay
// while queued messages go out), malformed directories, and channels
// deleted elsewhere while messages typed into them wait offline; one or a
// few user messages per step.
// It asserts the figures that must be 0 (messages duplicated or lost, lanes
// left busy, integrity failures) and writes all figures to
// $IRIS_CAMPAIGN_OUT when set. Plain `go test` runs the small version;
// IRIS_CAMPAIGN=full runs the one RELIABILITY.md reports (see
// scripts/fault-campaign.sh); IRIS_CAMPAIGN_SEED picks the seed.
func TestFaultCampaign(t *testing.T) {
	plan := campaignPlanFromEnv(t)
	start := time.Now()
	c := newCampaign(t, plan)
	steps := plan.steps(c.rng)
	c.start()
	for i, st := range steps {
		c.step = i + 1
		c.do(st)
		c.settle()
		c.t.Logf("step %d: %v", c.step, st)
		if os.Getenv("IRIS_CAMPAIGN_DEBUG") != "" {
			c.t.Log(c.r.screen())
		}
	}
	c.finish()
	c.fig.Duration = time.Since(start).Round(time.Second)
	c.report()
}

// campaignPlan is how many faults of each kind a campaign injects.
type campaignPlan struct {
	Name     string
	Seed     uint64
	Drops    int // socket drops, all kinds together
	Restarts int // gateway restarts with state loss
	Kills    int // kill -9 of Iris
	// ReplayKills kill Iris during a large sync replay while queued
	// messages go out.
	ReplayKills int
	// Junk injects a malformed directory frame around a message.
	Junk int
	// OfflineDeletes delete a channel on another device while messages
	// typed into it wait offline.
	OfflineDeletes int
}

// campaignPlanFromEnv reads IRIS_CAMPAIGN (full or empty) and
// IRIS_CAMPAIGN_SEED.
func campaignPlanFromEnv(t *testing.T) campaignPlan {
	p := campaignPlan{Name: "fast", Seed: 1, Drops: 4, Restarts: 1, Kills: 2, ReplayKills: 1, Junk: 2, OfflineDeletes: 1}
	switch v := os.Getenv("IRIS_CAMPAIGN"); v {
	case "":
	case "full":
		p = campaignPlan{Name: "full", Seed: 1, Drops: 100, Restarts: 10, Kills: 30, ReplayKills: 10, Junk: 20, OfflineDeletes: 5}
	default:
		t.Fatalf("IRIS_CAMPAIGN=%q: want full or nothing", v)
	}
	if v := os.Getenv("IRIS_CAMPAIGN_SEED"); v != "" {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("IRIS_CAMPAIGN_SEED=%q: %v", v, err)
		}
		p.Seed = seed
	}
	return p
}

// stepKind is what one campaign step does around its message.
type stepKind int

const (
	// stepDropSend drops the socket when the gateway reads message.send:
	// after it read it (the echo is lost and parked) or before (the
	// message is lost in flight).
	stepDropSend stepKind = iota
	// stepDropUpload drops the socket after a chunk of an attachment.
	stepDropUpload
	// stepDropReplay drops the socket during the reply's stream with a
	// short outage, so the rest of the stream is parked, then drops it
	// again during the sync replay of those frames: two drops.
	stepDropReplay
	// stepRestart restarts the gateway with state loss, while the reply
	// streams or while idle before the message.
	stepRestart
	// stepKill kills Iris with SIGKILL once the gateway has the message, or
	// while its reply streams, checks the store and starts Iris again.
	stepKill
	// stepKillReplay queues messages offline, has the gateway park a
	// large backlog, and kills Iris while it applies the sync replay and
	// the queued messages go out.
	stepKillReplay
	// stepJunk sends a malformed directory frame while the message's reply
	// streams: junk entries, a stray hello.ack, a listing without the
	// default channel, or a delete of it.
	stepJunk
	// stepOfflineDelete types two messages into a channel while offline;
	// another device deletes the channel meanwhile. They must come back
	// as not sent in the default channel, and are resent from there.
	stepOfflineDelete
)

func (k stepKind) String() string {
	return [...]string{"drop during send", "drop during upload", "drops during stream and replay", "gateway restart", "kill -9",
		"kill -9 during replay while sending", "malformed directory", "channel deleted while offline"}[k]
}

// steps lays the faults out in a seeded random order. Drops are split
// evenly between sends, uploads and stream+replay pairs (two drops each).
func (p campaignPlan) steps(rng *rand.Rand) []stepKind {
	replays := p.Drops / 4
	sends := p.Drops / 4
	uploads := p.Drops - 2*replays - sends
	var out []stepKind
	add := func(k stepKind, n int) {
		for range n {
			out = append(out, k)
		}
	}
	add(stepDropSend, sends)
	add(stepDropUpload, uploads)
	add(stepDropReplay, replays)
	add(stepRestart, p.Restarts)
	add(stepKill, p.Kills)
	add(stepKillReplay, p.ReplayKills)
	add(stepJunk, p.Junk)
	add(stepOfflineDelete, p.OfflineDeletes)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Campaign timing: a lifelike but quick stream, short outages, and
// deadlines generous enough for the client's reconnect backoff (up to 30 s
// after several drops in a row).
const (
	campaignStream  = 15 * time.Millisecond
	outageDowntime  = 600 * time.Millisecond
	restartDowntime = 300 * time.Millisecond
	settleDeadline  = 90 * time.Second
	// busyGrace is how long after the gateway went idle (and Iris is
	// online) a busy indicator may still show before the lane counts as
	// left busy.
	busyGrace = 10 * time.Second
)

// campaign is one run of the campaign.
type campaign struct {
	t     *testing.T
	plan  campaignPlan
	rng   *rand.Rand
	sim   *gatewaysim.Server
	url   string
	token string
	e     *env
	args  []string
	r     *run
	step  int
	// texts are the user messages typed, in order.
	texts  []string
	attach string // the file attached by upload steps
	fig    campaignFigures
}

func newCampaign(t *testing.T, plan campaignPlan) *campaign {
	const token = "campaign-token"
	sim, url := startSim(t, token, campaignStream)
	c := &campaign{
		t: t, plan: plan, rng: rand.New(rand.NewPCG(plan.Seed, plan.Seed^0x9e3779b97f4a7c15)),
		sim: sim, url: url, token: token, e: newEnv(t), args: []string{"--url", url, "--token", token},
	}
	c.fig.Plan = plan
	c.fig.Drops = map[string]int{}
	// 600 KiB: three upload chunks, so a drop can land between them.
	data := make([]byte, 600<<10)
	for i := range data {
		data[i] = byte(c.rng.IntN(256))
	}
	c.attach = filepath.Join(c.e.root, "payload.bin")
	if err := os.WriteFile(c.attach, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return c
}

// start runs Iris and waits until it is online.
func (c *campaign) start() {
	c.r = c.e.start(c.args...)
	c.r.waitFor("online", func(s string) bool { return strings.Contains(statusBar(s), "● online") })
}

// exec runs a fault command on the simulator.
func (c *campaign) exec(cmd string) {
	c.t.Helper()
	var err error
	within(c.t, simLimit, fmt.Sprintf("step %d: %s", c.step, cmd), func() { _, err = c.sim.Exec(cmd) })
	if err != nil {
		c.t.Fatalf("step %d: %s: %v", c.step, cmd, err)
	}
}

// message types the step's user message and returns it. The words avoid
// the simulator's picker and media keywords.
func (c *campaign) message() string {
	c.t.Helper()
	text := fmt.Sprintf("campaign %d step %03d note", c.plan.Seed, c.step)
	c.texts = append(c.texts, text)
	c.r.typeLine(text)
	return text
}

// waitGateway waits until the gateway has received text.
func (c *campaign) waitGateway(text string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), settleDeadline)
	defer cancel()
	if _, err := c.sim.WaitReceived(ctx, func(f frame.Frame) bool { return sentText(f) == text }); err != nil {
		c.t.Fatalf("step %d: the gateway never received %q: %v\n%s", c.step, text, err, c.r.screen())
	}
}

// landDeadline bounds the wait for a fault to land: the client may be in
// its reconnect backoff (up to 30 s) before it sends or syncs.
const landDeadline = 45 * time.Second

// waitArmed waits until at most left faults are still armed; false when
// the deadline passed first.
func (c *campaign) waitArmed(left int, deadline time.Duration) bool {
	for end := time.Now().Add(deadline); c.sim.Armed() > left; time.Sleep(pollEvery) {
		if time.Now().After(end) {
			return false
		}
	}
	return true
}

// missed records a fault that could not land and disarms what is left.
func (c *campaign) missed(what string) {
	c.exec("clear")
	c.fig.Missed = append(c.fig.Missed, fmt.Sprintf("step %d: %s", c.step, what))
}

// do runs one step.
func (c *campaign) do(k stepKind) {
	c.t.Helper()
	switch k {
	case stepDropSend:
		// Half the time the socket dies after the gateway read the
		// message (the echo is lost), half the time before (the message
		// is).
		cut := c.rng.IntN(2) == 0
		c.exec(map[bool]string{false: "on recv message.send drop", true: "on recv message.send cut"}[cut])
		c.message()
		if c.landDrop("send") && cut {
			c.fig.SendsCut++
		}
	case stepDropUpload:
		c.exec(fmt.Sprintf("on recv binary %d drop", 1+c.rng.IntN(2)))
		c.r.typeLine("/attach " + c.attach)
		c.r.waitShows("payload.bin")
		text := c.message()
		c.landDrop("upload")
		c.retryIfReturned(text)
	case stepDropReplay:
		c.exec(fmt.Sprintf("on send message.update %d drop %s", 1+c.rng.IntN(3), outageDowntime))
		c.exec(fmt.Sprintf("on send replay %d drop", 1+c.rng.IntN(4)))
		c.message()
		if !c.waitArmed(1, landDeadline) {
			c.missed("no reply streamed, so neither the stream drop nor the replay drop landed")
			return
		}
		c.fig.Drops["stream"]++
		c.landReplayDrop()
	case stepRestart:
		if c.rng.IntN(2) == 0 {
			c.exec(fmt.Sprintf("on send message.update %d restart %s", 1+c.rng.IntN(5), restartDowntime))
			c.message()
			if !c.waitArmed(0, landDeadline) {
				c.missed("no reply streamed; the restart ran idle instead")
				c.exec("restart " + restartDowntime.String())
			}
			c.waitRestarted()
		} else {
			c.exec("restart " + restartDowntime.String())
			c.message()
		}
		c.fig.Restarts++
	case stepKillReplay:
		c.killDuringReplay()
	case stepJunk:
		c.junkDirectory()
	case stepOfflineDelete:
		c.offlineDelete()
	case stepKill:
		text := c.message()
		c.waitGateway(text)
		if c.rng.IntN(2) == 0 {
			c.r.waitFor("the reply streaming", func(s string) bool {
				return strings.Contains(s, "Re: "+text)
			})
		}
		c.r.kill()
		c.fig.Kills++
		c.checkIntegrity()
		c.start()
	}
}

// landDrop waits for the step's one armed drop to fire and counts it.
func (c *campaign) landDrop(where string) bool {
	if !c.waitArmed(0, landDeadline) {
		c.missed(fmt.Sprintf("the drop during the %s did not land within %v", where, landDeadline))
		return false
	}
	c.fig.Drops[where]++
	return true
}

// landReplayDrop waits for the drop armed for the sync replay that follows
// the stream drop's outage. When the client's sync replays nothing (it
// synced from a cursor at or above the gateway's head), it cannot land.
func (c *campaign) landReplayDrop() {
	before := len(c.syncs())
	var synced time.Time // when a new sync was seen
	for end := time.Now().Add(landDeadline); c.sim.Armed() > 0; time.Sleep(pollEvery) {
		switch {
		case synced.IsZero() && len(c.syncs()) > before:
			synced = time.Now()
		case !synced.IsZero() && time.Since(synced) > 3*time.Second, time.Now().After(end):
			c.missed(fmt.Sprintf("the replay drop did not land: the syncs after the outage (from cursors %v) replayed nothing", c.syncs()[before:]))
			return
		}
	}
	c.fig.Drops["replay"]++
}

// syncs lists the cursors of the sync requests the gateway received.
func (c *campaign) syncs() []int64 {
	var out []int64
	for _, f := range c.sim.Received() {
		if p, ok := f.Payload.(*frame.Sync); ok {
			out = append(out, p.Cursor)
		}
	}
	return out
}

// retryIfReturned waits until the gateway has text or Iris has given the
// message back: the upload failed, so the text and its attachment stay in
// the composer with the reason. The user then presses Enter again, as the
// message says; that is counted.
func (c *campaign) retryIfReturned(text string) {
	c.t.Helper()
	for deadline := time.Now().Add(settleDeadline); ; time.Sleep(pollEvery) {
		if received(c.sim, text) > 0 {
			return
		}
		screen := c.r.screen()
		if strings.Contains(statusBar(screen), "● online") && strings.Contains(screen, "› "+text) && !strings.Contains(screen, "⇅") {
			c.fig.Returned++
			c.r.keys("Enter")
			c.waitGateway(text)
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("step %d: %q neither sent nor given back:\n%s", c.step, text, screen)
		}
	}
}

// waitRestarted waits until a restart fired by a trigger has forgotten the
// turn that fired it.
func (c *campaign) waitRestarted() {
	c.t.Helper()
	for deadline := time.Now().Add(settleDeadline); c.sim.RunningTurns() > 0; time.Sleep(pollEvery) {
		if time.Now().After(deadline) {
			c.t.Fatalf("step %d: the restart did not end the turn", c.step)
		}
	}
}

// settle waits until the gateway is idle, Iris is online and its lane is
// not busy. A lane still busy busyGrace after that is counted, and Iris is
// restarted so the campaign can go on.
func (c *campaign) settle() {
	c.t.Helper()
	deadline := time.Now().Add(settleDeadline)
	var calm time.Time // since when the gateway is idle and Iris online
	for {
		screen := c.r.screen()
		online := strings.Contains(statusBar(screen), "● online")
		idle := c.sim.RunningTurns() == 0 && c.sim.Armed() == 0
		switch {
		case !online || !idle:
			calm = time.Time{}
		case !busyOnScreen(screen):
			return
		case calm.IsZero():
			calm = time.Now()
		case time.Since(calm) > busyGrace:
			c.fig.BusyLanes++
			c.t.Logf("step %d: the lane stays busy %v after the gateway went idle:\n%s", c.step, busyGrace, screen)
			c.r.keys("C-c")
			c.r.waitExit()
			c.start()
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("step %d: not settled after %v (online %v, gateway idle %v):\n%s", c.step, settleDeadline, online, idle, screen)
		}
		time.Sleep(pollEvery)
	}
}

// busyOnScreen reports a busy or typing indicator, a reply still
// streaming, or a tool card still running.
func busyOnScreen(screen string) bool {
	for _, mark := range []string{"to stop)", "typing…", "thinking…", "running…"} {
		if strings.Contains(screen, mark) {
			return true
		}
	}
	return false
}

// finish waits until every message went out or Iris shows it unsent,
// quits Iris and counts what happened to every message.
func (c *campaign) finish() {
	c.t.Helper()
	settleAll(c.t, c.r, c.sim, c.texts)
	c.r.quit()
	c.checkIntegrity()
	c.account()
}

// sentText is the user text a message.send or agent.steer carries.
func sentText(f frame.Frame) string {
	switch p := f.Payload.(type) {
	case *frame.MessageSend:
		return p.Text
	case *frame.AgentSteer:
		return p.Text
	}
	return ""
}
