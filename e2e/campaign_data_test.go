package e2e

import (
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
)

// replayBacklog is how many cron messages (4 frames each) the gateway
// parks before a kill during a sync replay.
const replayBacklog = 1000

// killDuringReplay quits Iris, queues three messages offline, has the
// gateway park a large backlog, then starts Iris and kills it (kill -9)
// as soon as the gateway received the second or third of them: the sync
// replay is being applied while they go out.
func (c *campaign) killDuringReplay() {
	c.t.Helper()
	c.r.quit()
	queued := queueOffline(c.t, c.e, c.token, fmt.Sprintf("campaign %d step %03d", c.plan.Seed, c.step), 3)
	c.texts = append(c.texts, queued...)
	for i := range replayBacklog {
		c.sim.PostCron("", fmt.Sprintf("backlog %03d %04d", c.step, i))
	}
	c.r = c.e.start(c.args...)
	c.waitGateway(queued[1+c.rng.IntN(2)])
	c.r.kill()
	c.fig.ReplayKills++
	c.checkIntegrity()
	c.start()
}

// junkDirectory sends one malformed directory frame while the step's
// message is on its way or its reply streams; the default lane must stay,
// with its messages (the step's message among them).
func (c *campaign) junkDirectory() {
	c.t.Helper()
	junk := junkDirectories("iris:elsewhere")
	text := c.message()
	c.exec("frame " + junk[c.rng.IntN(len(junk))])
	marker := fmt.Sprintf("Marker %03d", c.step)
	c.exec(fmt.Sprintf(`frame {"type":"channel.created","payload":{"chat_id":"iris:marker%03d","name":%q}}`, c.step, marker))
	c.r.waitShows(marker) // frames apply in order: the junk has been applied
	// A wiped default lane is left for another one (or shown empty).
	if s := c.r.screen(); !strings.Contains(statusBar(s), "# Default") || strings.Contains(s, "No messages yet") {
		c.fig.Wiped++
		c.fig.Problems = append(c.fig.Problems, fmt.Sprintf("step %d: a malformed directory wiped the default lane with %q in it:\n%s", c.step, text, s))
	}
	c.fig.Junk++
}

// offlineDelete has another device create a channel, types two messages
// into it while offline, has the other device delete it, and starts Iris:
// both messages must show as not sent in the default channel, naming the
// deleted one. The user resends them there (Ctrl+G).
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
	c.r.waitShows(texts[0], texts[1], "was deleted (d discard)")
	for _, text := range texts {
		if n := received(c.sim, text); n != 0 {
			c.fig.Problems = append(c.fig.Problems, fmt.Sprintf("step %d: %q went into the deleted channel", c.step, text))
		}
	}
	c.r.keys("C-g")
	for _, text := range texts {
		c.waitGateway(text)
	}
	c.fig.OfflineDeletes++
}
