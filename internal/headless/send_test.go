package headless_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/wstest"
)

func TestSendExitsOnceTheGatewayAccepted(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		p := newProfile(t, url)
		r := p.run("", "send", "deploy the docs")
		r.expect(t, headless.ExitOK)
		if got := sentTexts(sim); !slices.Equal(got, []string{"deploy the docs"}) {
			t.Fatalf("sent %q", got)
		}
		if r.stdout.String() != "" || !strings.Contains(r.stderr.String(), "✓ sent m_") {
			t.Fatalf("stdout %q, stderr %q", r.stdout, r.stderr)
		}
		// The channel is named as the user knows it, with the id --channel takes.
		if !strings.Contains(r.stderr.String(), " to Default (iris:default)\n") {
			t.Fatalf("stderr %q does not name the channel", r.stderr)
		}
	})
}

func TestSendReadsStdinWithDash(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("diff --git a/x b/x\n+line\n", "send", "-")
	r.expect(t, headless.ExitOK)
	if got := sentTexts(sim); !slices.Equal(got, []string{"diff --git a/x b/x\n+line"}) {
		t.Fatalf("sent %q", got)
	}
}

func TestSendRefusesEmptyStdinWithoutConnecting(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run(" \n\n", "send", "-")
	r.expect(t, headless.ExitEmpty)
	if got := r.stderr.String(); got != "iris: nothing to send: stdin was empty\n" {
		t.Fatalf("stderr %q", got)
	}
	if len(sim.Received()) != 0 {
		t.Fatalf("the simulator got %d frames", len(sim.Received()))
	}
}

func TestSendWaitStreamsTheReplyToStdout(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		_, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		obs := newObserver(t, url)
		r := newProfile(t, url).run("", "send", "--wait", "how are the tests?")
		r.expect(t, headless.ExitOK)
		want := termsafe.Text(obs.replyTo(t, sentMessageID(t, r.stderr.String()))) + "\n"
		if got := r.stdout.String(); got != want {
			t.Fatalf("stdout:\n%q\nwant:\n%q", got, want)
		}
	})
}

func TestSendWaitSanitisesTheReply(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("", "send", "--wait", "say \x1b[2Jhi")
	r.expect(t, headless.ExitOK)
	if strings.ContainsRune(r.stdout.String(), 0x1b) {
		t.Fatalf("an escape reached stdout: %q", r.stdout)
	}
	if !strings.Contains(r.stdout.String(), "␛") {
		t.Fatalf("the echoed escape is not shown as a placeholder: %q", r.stdout)
	}
}

func TestSendWaitResumesAfterALostConnectionWithoutRepeating(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d, StreamInterval: 30 * time.Millisecond})
		obs := newObserver(t, url)
		p := newProfile(t, url)
		p.terminal = true // the reply streams as it comes
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		defer cancel()
		r, done := p.start(ctx, "", "send", "--wait", "summarise the repository")
		waitFor(t, "the first words of the reply", func() bool { return len(r.stdout.String()) > 0 })
		sim.DropConnections()
		r.code = <-done
		r.expect(t, headless.ExitOK)
		if n := countType(sim, frame.TypeSync); n < 4 { // the observer's and iris send's, each twice
			t.Fatalf("only %d syncs: the drop came too late to test a resume", n)
		}
		want := termsafe.Text(obs.replyTo(t, sentMessageID(t, r.stderr.String()))) + "\n"
		if got := r.stdout.String(); got != want {
			t.Fatalf("stdout after the drop:\n%q\nwant:\n%q", got, want)
		}
	})
}

func TestSendWaitExits8WhenAPickerWaits(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		_, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		r := newProfile(t, url).run("", "send", "--wait", "please rm the build dir")
		r.expect(t, headless.ExitPickerWaiting)
		if !strings.Contains(r.stderr.String(), "an approval waits for an answer: pa_1 in Default") ||
			!strings.Contains(r.stderr.String(), "iris answer pa_1 VALUE") {
			t.Fatalf("stderr %q", r.stderr)
		}
	})
}

func TestSendWaitExits7WhenTheTurnIsStopped(t *testing.T) {
	// Slow enough that the stop lands during the tool call, before the reply.
	_, url := simtest.StartSim(t, gatewaysim.Config{StreamInterval: 200 * time.Millisecond})
	obs := newObserver(t, url)
	p := newProfile(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, done := p.start(ctx, "", "send", "--wait", "--json", "check the workspace")
	waitFor(t, "the tool call", func() bool { return strings.Contains(r.stdout.String(), `"event":"tool"`) })
	stop := frame.Frame{Type: frame.TypeAgentStop, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(), Payload: &frame.Empty{}}
	if _, err := obs.Request(ctx, stop); err != nil {
		t.Fatal(err)
	}
	r.code = <-done
	r.expect(t, headless.ExitTurnFailed)
	if !strings.Contains(r.stdout.String(), `"status":"failed","exit":7`) {
		t.Fatalf("no failed end event: %s", r.stdout)
	}
}

func TestSendToAChannelByNameOrID(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	chat := obs.createChannel(t, "Reports")
	p := newProfile(t, url)
	p.run("", "send", "--channel", "reports", "by name").expect(t, headless.ExitOK)
	p.run("", "send", "--channel", chat, "by id").expect(t, headless.ExitOK)
	var lanes []string
	for _, f := range sim.Received() {
		if f.Type == frame.TypeMessageSend {
			lanes = append(lanes, f.ChatID.Val)
		}
	}
	if !slices.Equal(lanes, []string{chat, chat}) {
		t.Fatalf("sent to %v, want %s twice", lanes, chat)
	}
}

func TestSendRefusesUnknownAndAmbiguousChannels(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	obs := newObserver(t, url)
	for range 2 {
		obs.createChannel(t, "Ops")
	}
	p := newProfile(t, url)
	r := p.run("", "send", "--channel", "nowhere", "hi")
	r.expect(t, headless.ExitUnknownChannel)
	if got := r.stderr.String(); !strings.HasPrefix(got, `iris: no channel is named "nowhere" (channels: Default, Ops, Ops)`) || strings.Count(got, "\n") != 1 {
		t.Fatalf("stderr %q", got)
	}
	r = p.run("", "send", "--channel", "ops", "hi")
	r.expect(t, headless.ExitAmbiguousChannel)
	if got := r.stderr.String(); !strings.HasPrefix(got, `iris: 2 channels are named "ops"; pass one of their ids: iris:chan_`) || strings.Count(got, "\n") != 1 {
		t.Fatalf("stderr %q", got)
	}
	if got := sentTexts(sim); len(got) != 0 {
		t.Fatalf("sent %q", got)
	}
}

func TestSendExits4WhenTheTokenIsRejected(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	p := newProfile(t, url)
	p.token = "wrong"
	r := p.run("", "send", "hi")
	r.expect(t, headless.ExitAuth)
	if strings.Contains(r.stderr.String(), "wrong") {
		t.Fatalf("the token was shown: %q", r.stderr)
	}
}

func TestSendExits6WhenTheGatewayIsUnreachable(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	sim.Close()
	r := newProfile(t, url).run("", "send", "hi")
	r.expect(t, headless.ExitDelivery)
	if !strings.Contains(r.stderr.String(), "cannot reach the gateway at "+url) {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestSendAttachesFiles(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.png")
	if err := os.WriteFile(a, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("\x89PNG\r\n\x1a\nrest"), 0o600); err != nil {
		t.Fatal(err)
	}
	newProfile(t, url).run("", "send", "--attach", a, "--attach", b, "two files").expect(t, headless.ExitOK)
	var starts []string
	var refs []string
	for _, f := range sim.Received() {
		switch p := f.Payload.(type) {
		case *frame.MediaUploadStart:
			starts = append(starts, p.Filename+":"+p.Kind)
		case *frame.MessageSend:
			refs = p.MediaRefs
		}
	}
	if !slices.Equal(starts, []string{"a.txt:file", "b.png:image"}) || len(refs) != 2 {
		t.Fatalf("uploads %v, refs %v", starts, refs)
	}
}

func TestSendRefusesAMissingAttachmentWithoutConnecting(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	r := newProfile(t, url).run("", "send", "--attach", filepath.Join(t.TempDir(), "nope.txt"), "hi")
	r.expect(t, headless.ExitUsage)
	if !strings.Contains(r.stderr.String(), "nope.txt") || strings.Count(r.stderr.String(), "\n") != 1 || len(sim.Received()) != 0 {
		t.Fatalf("stderr %q, frames %d", r.stderr, len(sim.Received()))
	}
}

func TestSendExits5WhenTheHandshakeCannotBeUsed(t *testing.T) {
	url := wstest.Serve(t, func(ws *websocket.Conn) {
		if _, _, err := ws.ReadMessage(); err == nil {
			ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello.ack","payload":"welcome \u001b[2J"}`))
			ws.ReadMessage()
		}
	})
	r := newProfile(t, url).run("", "send", "hi")
	r.expect(t, headless.ExitProtocol)
	if msg := r.stderr.String(); !strings.Contains(msg, "malformed hello.ack payload") || strings.Contains(msg, "\x1b") {
		t.Fatalf("stderr %q", msg)
	}
}

// TestSendWaitGivesUpOnAReplyARestartCutShort: the gateway restarts,
// losing its state, while the reply streams; after the reconnect nothing
// more of the turn comes. send --wait settles it as the TUI does
// (store.Reconcile: a few seconds after an announced restart) and exits 7
// with the partial text, instead of waiting for good.
func TestSendWaitGivesUpOnAReplyARestartCutShort(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d, StreamInterval: 50 * time.Millisecond})
		p := newProfile(t, url)
		p.terminal = true
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		defer cancel()
		r, done := p.start(ctx, "", "send", "--wait", "--json", "summarise the repository")
		waitFor(t, "the first words of the reply", func() bool { return strings.Contains(r.stdout.String(), `"event":"delta"`) })
		sim.Restart(0)
		start := time.Now()
		r.code = <-done
		r.expect(t, headless.ExitTurnFailed)
		if !strings.Contains(r.stderr.String(), "the reply was interrupted (gateway restarted) before it finished") ||
			!strings.Contains(r.stdout.String(), `"status":"failed","exit":7`) {
			t.Fatalf("stdout %s\nstderr %s", r.stdout, r.stderr)
		}
		if took := time.Since(start); took > store.ReconcileGrace+2*time.Second {
			t.Fatalf("gave up after %v", took)
		}
	})
}

// TestSendWaitGivesUpOnAReplyASilentRestartCutShort: the gateway is
// killed and started again without a word, its cursors kept; only
// hello.ack's new instance_id tells. send --wait settles the reply as
// after an announced restart (exit 7, "gateway restarted", within the
// short grace) rather than as a blip.
func TestSendWaitGivesUpOnAReplyASilentRestartCutShort(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{StreamInterval: 50 * time.Millisecond})
	p := newProfile(t, url)
	p.terminal = true
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, done := p.start(ctx, "", "send", "--wait", "--json", "summarise the repository")
	waitFor(t, "the first words of the reply", func() bool { return strings.Contains(r.stdout.String(), `"event":"delta"`) })
	sim.Crash()
	start := time.Now()
	r.code = <-done
	r.expect(t, headless.ExitTurnFailed)
	if !strings.Contains(r.stderr.String(), "the reply was interrupted (gateway restarted) before it finished") {
		t.Fatalf("stdout %s\nstderr %s", r.stdout, r.stderr)
	}
	if took := time.Since(start); took > store.ReconcileGrace+2*time.Second {
		t.Fatalf("gave up after %v", took)
	}
}
