package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// Malformed directories never wipe the cache: a listing of junk entries,
// a stray hello.ack with one junk entry, a listing without the default
// channel and a channel.deleted for it all leave the default lane, its
// history and the message queued behind the running reply in place, and
// the queued message still goes out once.
func TestMalformedDirectoriesKeepTheCache(t *testing.T) {
	const token = "junk-token"
	sim, url := startSim(t, token, 150*time.Millisecond)
	e := newEnv(t)
	e.writeConfig("[settings]\nsend_mode = \"queue\"\n") // a message typed while busy waits
	args := []string{"--url", url, "--token", token}
	e.connectOnce(args...)
	r := e.start(args...)
	r.waitShows("● online", "Any failing tests? (#30)", "Research")

	const first, queued = "tell me about the junk", "queued behind the junk reply"
	r.typeLine(first)
	r.waitShows("Re: " + first)
	r.typeLine(queued)
	r.waitShows("◷ queued")
	for i, junk := range junkDirectories("iris:elsewhere") {
		simExec(t, sim, "frame "+junk)
		// Frames apply in order: once this channel shows, the junk has been applied.
		marker := fmt.Sprintf("Marker %d", i)
		simExec(t, sim, fmt.Sprintf(`frame {"type":"channel.created","payload":{"chat_id":"iris:marker%d","name":%q}}`, i, marker))
		r.waitShows(marker)
		if s := r.screen(); !containsAll(s, "Any failing tests? (#30)", queued) {
			t.Fatalf("after %s the default lane lost its history or its queued message:\n%s", junk, s)
		}
	}
	waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == queued })
	r.quit()
	msgs := e.storedMessages()
	if countText(msgs, "Any failing tests? (#30)") != 1 || countText(msgs, queued) != 1 {
		t.Fatalf("the default lane's stored history was wiped: %d messages left", len(msgs))
	}
	if n := received(sim, queued); n != 1 {
		t.Fatalf("the queued message reached the gateway %d times", n)
	}
}

// junkDirectories are directory frames a hostile or broken gateway sends:
// entries that are not channels, a stray hello.ack with one junk entry, a
// listing that leaves the default channel out (only other), and a delete
// of the default channel.
func junkDirectories(other string) []string {
	return []string{
		`{"type":"channel.list","payload":{"channels":[{}]}}`,
		`{"type":"channel.list","payload":{"channels":[1,"a",null]}}`,
		`{"type":"hello.ack","payload":{"server_version":"junk","sync_cursor":0,"channels":[{"name":"junk"}]}}`,
		`{"type":"channel.list","payload":{"channels":[{"chat_id":"` + other + `","name":"Elsewhere","kind":"channel"}]}}`,
		`{"type":"channel.deleted","payload":{"chat_id":"` + gatewaysim.DefaultChatID + `"}}`,
	}
}

// Two messages typed into a channel while offline, then the channel is
// deleted on another device: the next start keeps both, in the default
// channel, as not sent and naming the deleted channel; neither went out.
// One is discarded, and the one-key resend sends the other once, into the
// default channel.
func TestChannelDeletedOfflineKeepsWhatWasTyped(t *testing.T) {
	const token = "offline-delete"
	sim, url := startSim(t, token, 5*time.Millisecond)
	e := newEnv(t)
	args := []string{"--url", url, "--token", token}
	e.connectOnce(args...)
	texts := []string{"offline delete first", "offline delete second"}
	ctx, other := otherDevice(t, url, token, "dev_deleter")
	typeOfflineThenDelete(t, e, ctx, other, token, e.chatIDOf("Research"), "Research", texts)

	r := e.start(args...)
	r.waitShows("● online", texts[0], texts[1], "was deleted · d discards")
	for _, text := range texts {
		if n := received(sim, text); n != 0 {
			t.Fatalf("%q went to the gateway %d times before the user resent it", text, n)
		}
	}
	// The newest is discarded (d on the selected message), the other resent.
	r.keys("Tab")
	r.keys("k") // selects the newest message
	r.keys("d")
	r.waitFor("the second discarded", func(s string) bool {
		return strings.Contains(s, texts[0]) && !strings.Contains(s, texts[1])
	})
	r.keys("Tab")
	r.keys("C-g")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == texts[0] })
	if l := f.Lane(); l.ChatID != gatewaysim.DefaultChatID {
		t.Fatalf("%q resent to %v, want the default channel", texts[0], l)
	}
	r.quit()
	if n := received(sim, texts[0]); n != 1 {
		t.Fatalf("%q reached the gateway %d times", texts[0], n)
	}
	if n := received(sim, texts[1]); n != 0 {
		t.Fatalf("the discarded %q reached the gateway %d times", texts[1], n)
	}
}

// A draft left in a channel (typed, not sent; the terminal closed while
// offline) that another device then deletes is not lost with it: the next
// start has it in the default channel's composer.
func TestChannelDeletedOfflineKeepsTheDraft(t *testing.T) {
	const token = "offline-draft"
	_, url := startSim(t, token, 0)
	e := newEnv(t)
	args := []string{"--url", url, "--token", token}
	e.connectOnce(args...)
	chat := e.chatIDOf("Research")
	ctx, other := otherDevice(t, url, token, "dev_deleter")
	off := e.start("--url", closedURL(t), "--token", token)
	off.switchTo("Research")
	const draft = "a draft typed offline into the doomed channel"
	off.typeText(draft)
	off.waitShows("› " + draft)
	off.signal(syscall.SIGHUP)
	if _, err := other.Request(ctx, frame.Frame{Type: frame.TypeChannelDelete, ChatID: frame.Some(chat), Payload: &frame.Empty{}}); err != nil {
		t.Fatalf("channel.delete from another device: %v", err)
	}

	r := e.start(args...)
	r.waitFor("the draft in the default channel", func(s string) bool {
		return strings.Contains(statusBar(s), "# Default") && strings.Contains(s, "› "+draft) && !strings.Contains(s, "Research")
	})
	r.quit()
}

// typeOfflineThenDelete runs Iris offline, types texts into channel name
// (chat id chat), quits, and has the other device delete that channel.
func typeOfflineThenDelete(t *testing.T, e *env, ctx context.Context, other *wsclient.Client, token, chat, name string, texts []string) {
	t.Helper()
	off := e.start("--url", closedURL(t), "--token", token)
	off.switchTo(name)
	for _, text := range texts {
		off.typeLine(text)
	}
	off.waitFor("all queued", func(s string) bool { return strings.Count(s, "◷ queued") == len(texts) })
	off.quit()
	if _, err := other.Request(ctx, frame.Frame{Type: frame.TypeChannelDelete, ChatID: frame.Some(chat), Payload: &frame.Empty{}}); err != nil {
		t.Fatalf("channel.delete from another device: %v", err)
	}
}

// On a fresh profile with the gateway down, the first message stays in
// the composer with a notice rather than being thrown away, and is sent
// with Enter once the gateway has listed its channels.
func TestFirstMessageOnFreshProfileIsKept(t *testing.T) {
	const token = "fresh-token"
	const downtime = 8 * time.Second
	sim, url := startSim(t, token, 0)
	simExec(t, sim, "drop "+downtime.String()) // refuse connections for a while
	e := newEnv(t)
	r := e.start("--url", url, "--token", token)
	const text = "hello from a fresh profile"
	r.waitFor("the lane without a channel", func(s string) bool {
		return strings.Contains(statusBar(s), "connecting") && strings.Contains(s, "Message…")
	})
	r.typeLine(text)
	// The notice goes with the next status; the text stays in the
	// composer, and comes along into the default channel once listed.
	// The last refused attempt comes before the downtime ends, and the
	// next one within the client's backoff cap (full jitter up to 30 s).
	want := []string{"● online", "Any failing tests? (#30)", "› " + text}
	r.waitForWithin(downtime+30*time.Second+waitDeadline, fmt.Sprintf("%q", want), func(s string) bool { return containsAll(s, want...) })
	if n := received(sim, text); n != 0 {
		t.Fatalf("sent %d times before the user pressed Enter again", n)
	}
	r.keys("Enter")
	waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == text })
	r.quit()
}

// On a fresh profile with the token wrong, the first message survives what
// the user must do next: quit (Ctrl+C, as the notice says: fix the token,
// then restart Iris), a start with the gateway down closed by its
// terminal (SIGHUP), and a start with the right token, where it is sent
// once with Enter.
func TestFirstMessageOnFreshProfileSurvivesRestarts(t *testing.T) {
	const token = "right-token"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	const text = "hello before the token was fixed"
	r := e.start("--url", url, "--token", "wrong-token")
	r.waitShows("token rejected", "Message…")
	r.typeLine(text)
	r.waitShows("no channel to send to yet", "› "+text)
	r.keys("C-c") // the user quits to fix the token; the text is not cleared
	r.waitShows("kept for the next start", "› "+text)
	r.keys("C-c")
	if code := r.waitExit(); code != 4 {
		t.Fatalf("exit %d after the rejected token, want 4", code)
	}

	down := e.start("--url", closedURL(t), "--token", token)
	down.waitShows("connecting", "› "+text)
	down.signal(syscall.SIGHUP)

	fixed := e.start("--url", url, "--token", token)
	fixed.waitShows("● online", "Any failing tests? (#30)", "› "+text)
	fixed.keys("Enter")
	waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == text })
	fixed.quit()
	if n := received(sim, text); n != 1 {
		t.Fatalf("%q reached the gateway %d times", text, n)
	}
}

// kill -9 within milliseconds of Enter on a message with an attachment:
// its text is kept (the composer shows it again on the next start).
func TestKillRightAfterEnterWithAttachmentKeepsText(t *testing.T) {
	const token = "attach-kill"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	args := []string{"--url", url, "--token", token}
	e.connectOnce(args...)
	path := writePayload(t, e, 600<<10)
	r := e.start(args...)
	r.waitShows("● online")
	simExec(t, sim, "silence on") // the upload never finishes
	r.typeLine("/attach " + path)
	r.waitShows("payload.bin")
	const text = "the caption of the attachment"
	r.typeText(text)
	r.keys("Enter")
	r.waitShows("⇅") // the upload started: Iris has taken the Enter
	r.kill()
	simExec(t, sim, "silence off")

	again := e.start(args...)
	again.waitShows("● online", text)
	again.quit()
}

// Killed (kill -9) or hung up (SIGHUP: the terminal closed) while a large
// sync replay is applied and queued messages go out: the next start sends
// none of them twice, and none is lost.
func TestKillDuringReplayWhileSendingSendsOnce(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			const token = "replay-send"
			sim, url := startSim(t, token, 0)
			e := newEnv(t)
			args := []string{"--url", url, "--token", token}
			e.connectOnce(args...)
			var texts []string
			for round := range 3 {
				tag := fmt.Sprintf("replay %v round %d", sig, round)
				texts = append(texts, queueOffline(t, e, token, tag, 3)...)
				for i := range 2000 {
					sim.PostCron("", fmt.Sprintf("replay cron %d %04d", round, i))
				}
				r := e.start(args...)
				// The queued messages go out as the replay starts; one more
				// is typed while it is applied, and the signal follows the
				// gateway's receipt of that one at once.
				r.waitShows(fmt.Sprintf("replay cron %d", round))
				typed := tag + " typed during the replay"
				texts = append(texts, typed)
				r.typeLine(typed)
				waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == typed })
				r.signal(sig)
			}
			r := e.start(args...)
			settleAll(t, r, sim, texts)
			for _, text := range texts {
				if n := received(sim, text); n > 1 {
					t.Errorf("%q reached the gateway %d times", text, n)
				}
			}
			r.quit()
			assertOnceOrFlagged(t, e, sim, texts)
		})
	}
}

// queueOffline runs Iris with the gateway unreachable, types n messages
// into the default channel (queued) and quits; it returns their texts.
func queueOffline(t *testing.T, e *env, token, tag string, n int) []string {
	t.Helper()
	off := e.start("--url", closedURL(t), "--token", token)
	off.waitFor("the default lane, offline", func(s string) bool {
		return strings.Contains(statusBar(s), "# Default") && strings.Contains(statusBar(s), "connecting")
	})
	var texts []string
	for i := range n {
		text := fmt.Sprintf("%s message %d", tag, i)
		off.typeLine(text)
		texts = append(texts, text)
	}
	off.waitFor("all queued", func(s string) bool { return strings.Contains(s, texts[n-1]) })
	off.quit()
	return texts
}

// settleAll waits until Iris is online and every text reached the
// gateway, or the gateway has been idle with nothing new reaching it for
// quiet: the messages left are then for the store to show as not sent
// (assertOnceOrFlagged).
func settleAll(t *testing.T, r *run, sim *gatewaysim.Server, texts []string) {
	t.Helper()
	const quiet = 3 * time.Second
	got, since := -1, time.Now()
	r.waitFor("every message sent, or Iris quiet", func(s string) bool {
		if !strings.Contains(statusBar(s), "● online") {
			got = -1
			return false
		}
		n := 0
		for _, text := range texts {
			if received(sim, text) > 0 {
				n++
			}
		}
		if n == len(texts) {
			return true
		}
		if n != got || sim.RunningTurns() > 0 {
			got, since = n, time.Now()
		}
		return time.Since(since) > quiet
	})
}

// assertOnceOrFlagged checks that each text reached the gateway at most
// once, and that one that never did is stored as not sent or delivery
// unknown.
func assertOnceOrFlagged(t *testing.T, e *env, sim *gatewaysim.Server, texts []string) {
	t.Helper()
	stored := map[string]store.Delivery{}
	for _, m := range e.storedMessages() {
		if m.Role == frame.RoleUser {
			stored[m.Text] = m.Delivery
		}
	}
	dup, lost, flagged := 0, 0, 0
	for _, text := range texts {
		unsent := stored[text] == store.DeliveryFailed || stored[text] == store.DeliveryUnknown
		if unsent {
			flagged++
		}
		switch n := received(sim, text); {
		case n > 1:
			dup++
		case n == 0 && !unsent:
			lost++
			t.Errorf("%q never reached the gateway; stored as %v", text, stored[text])
		}
	}
	t.Logf("%d messages: %d duplicated, %d lost, %d shown unsent (one-key resend)", len(texts), dup, lost, flagged)
}

// received counts how many times the gateway took text: each message.send
// carrying it and each agent.steer it did not refuse (a steer refused for
// want of a running turn is sent again as a message.send).
func received(sim *gatewaysim.Server, text string) int {
	return deliveries(sim)[text]
}

// deliveries counts received for every text at once.
func deliveries(sim *gatewaysim.Server) map[string]int {
	n := map[string]int{}
	for _, f := range sim.Received() {
		if text := sentText(f); text != "" {
			n[text]++
		}
	}
	for _, text := range sim.RefusedSteers() {
		n[text]--
	}
	return n
}

// simExec runs a simulator command.
func simExec(t *testing.T, sim *gatewaysim.Server, cmd string) {
	t.Helper()
	if _, err := sim.Exec(cmd); err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
}

// chatIDOf returns the chat id of the stored channel called name.
func (e *env) chatIDOf(name string) string {
	e.t.Helper()
	var id string
	e.inspect(func(st *store.State) {
		for _, n := range st.Tree() {
			if n.Name == name {
				id = n.Lane.ChatID
			}
		}
	})
	if id == "" {
		e.t.Fatalf("no stored channel %q", name)
	}
	return id
}

// switchTo opens channel name with the switcher.
func (r *run) switchTo(name string) {
	r.e.t.Helper()
	r.waitShows(name)
	r.keys("C-k")
	r.typeText(name)
	r.keys("Enter")
	r.waitShows("# " + name)
}

// writePayload writes n bytes to payload.bin in the test's directory and
// returns its path.
func writePayload(t *testing.T, e *env, n int) string {
	t.Helper()
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(i*7 + i/251)
	}
	path := filepath.Join(e.root, "payload.bin")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeConfig writes the user's config.toml.
func (e *env) writeConfig(body string) {
	e.t.Helper()
	dir := filepath.Join(e.xdg["XDG_CONFIG_HOME"], "iris")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(body), 0o600); err != nil {
		e.t.Fatal(err)
	}
}
