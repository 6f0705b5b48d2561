package e2e

import (
	"fmt"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// replayBacklog is how many cron messages (4 frames each) the gateway
// parks before a kill during a sync replay.
const replayBacklog = 2000

// killDuringReplay quits Iris, queues three messages offline, has the
// gateway park a large backlog, then starts Iris: the queued messages go
// out as the sync replay starts, and the step's message is typed while the
// replay is applied. Iris is killed (kill -9) as soon as the gateway
// received that one.
func (c *campaign) killDuringReplay() {
	c.t.Helper()
	c.r.quit()
	queued := queueOffline(c.t, c.e, c.token, fmt.Sprintf("campaign %d step %03d queued", c.plan.Seed, c.step), 3)
	c.texts = append(c.texts, queued...)
	for i := range replayBacklog {
		c.sim.PostCron("", fmt.Sprintf("backlog %03d %04d", c.step, i))
	}
	c.r = c.e.start(c.args...)
	c.r.waitShows(fmt.Sprintf("backlog %03d", c.step))
	c.waitGateway(c.message())
	c.r.kill()
	c.fig.ReplayKills++
	c.checkIntegrity()
	c.start()
}

// junkDirectory sends one malformed directory frame while the step's
// message is on its way or its reply streams; the default lane must stay,
// with its messages (the step's message among them). A channel.created
// for a marker follows it: frames apply in order, so once the marker
// shows, the junk has been applied. Frames the simulator writes on a
// socket that is being replaced can be lost, so the pair is sent again
// (junk twice is still junk) a few times before the fault counts as
// missed.
func (c *campaign) junkDirectory() {
	c.t.Helper()
	junk := junkDirectories("iris:elsewhere")
	text := c.message()
	j := junk[c.rng.IntN(len(junk))]
	marker := fmt.Sprintf("Marker %03d", c.step)
	for range 3 {
		c.exec("frame " + j)
		c.exec(fmt.Sprintf(`frame {"type":"channel.created","payload":{"chat_id":"iris:marker%03d","name":%q}}`, c.step, marker))
		if s, ok := c.r.shows(marker, junkDeadline); ok {
			// A wiped default lane is left for another one (or shown empty).
			if !strings.Contains(statusBar(s), "# Default") || strings.Contains(s, "No messages yet") {
				c.fig.Wiped++
				c.fig.Problems = append(c.fig.Problems, fmt.Sprintf("step %d: %s wiped the default lane with %q in it:\n%s", c.step, j, text, s))
			}
			c.fig.Junk++
			return
		}
	}
	c.missed("the malformed directory frame never reached Iris: " + j)
}

// junkDeadline bounds the wait for a junk frame's marker.
const junkDeadline = 10 * time.Second

// shows polls the screen until it holds sub, for at most d; false when it
// never did.
func (r *run) shows(sub string, d time.Duration) (string, bool) {
	r.e.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(pollEvery) {
		if s := r.screen(); strings.Contains(s, sub) {
			return s, true
		}
	}
	return "", false
}

// offlineDelete has another device create a channel, types two messages
// into it while offline, has the other device delete it, and starts Iris:
// both messages must show as not sent in the default channel, naming the
// deleted one (counted as marked failed). They are not resent here:
// Ctrl+G resends every unsent message of the lane, which would mix the
// user's own resends into the figures (TestChannelDeletedOfflineKeepsWhatWasTyped
// covers the resend and the discard).
func (c *campaign) offlineDelete() {
	c.t.Helper()
	ctx, other := otherDevice(c.t, c.url, c.token, fmt.Sprintf("dev_other_%03d", c.step))
	name := fmt.Sprintf("Doomed %03d", c.step)
	resp, err := other.Request(ctx, frame.Frame{Type: frame.TypeChannelCreate, Payload: &frame.ChannelCreate{Name: name}})
	ch, ok := resp.Payload.(*frame.Channel)
	if err != nil || !ok {
		c.t.Fatalf("step %d: channel.create from another device: %v %+v", c.step, err, resp)
	}
	c.r.waitShows(name)
	c.r.quit()
	texts := []string{
		fmt.Sprintf("campaign %d step %03d typed offline first", c.plan.Seed, c.step),
		fmt.Sprintf("campaign %d step %03d typed offline second", c.plan.Seed, c.step),
	}
	c.texts = append(c.texts, texts...)
	typeOfflineThenDelete(c.t, c.e, ctx, other, c.token, ch.ChatID, name, texts)
	c.start()
	// A reply that finished while Iris was away goes after the two by its
	// time and may push them off the screen: the screen shows that they
	// were rescued, the store that both were, unsent.
	c.r.waitShows("was deleted · d discards")
	c.r.quit()
	unsent := map[string]bool{}
	for _, m := range c.e.storedMessages() {
		if m.Role == frame.RoleUser && m.Delivery == store.DeliveryFailed {
			unsent[m.Text] = true
		}
	}
	for _, text := range texts {
		if !unsent[text] {
			c.t.Fatalf("step %d: %q is not kept unsent in the default channel", c.step, text)
		}
	}
	c.start()
	for _, text := range texts {
		if n := received(c.sim, text); n != 0 {
			c.fig.Problems = append(c.fig.Problems, fmt.Sprintf("step %d: %q went into the deleted channel", c.step, text))
		}
	}
	c.fig.OfflineDeletes++
}
