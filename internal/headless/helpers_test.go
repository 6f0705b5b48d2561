package headless_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

const (
	testToken   = simtest.Token
	defaultChat = "iris:default"
	waitLimit   = 10 * time.Second
)

// profile is one profile's data dir and gateway, shared by the commands a
// test runs.
type profile struct {
	t        *testing.T
	url      string
	token    string
	dataDir  string
	audit    string // the audit log's path
	notify   headless.Notifier
	terminal bool // stdout is a terminal (Env.Terminal)
}

func newProfile(t *testing.T, url string) *profile {
	return &profile{t: t, url: url, token: testToken, dataDir: t.TempDir(), audit: filepath.Join(t.TempDir(), "audit.jsonl")}
}

// result is what one command run printed and returned.
type result struct {
	code           int
	stdout, stderr *simtest.Buffer
}

// start runs `iris NAME ARGS...` in process against the profile, with stdin.
// The command's result arrives on the channel.
func (p *profile) start(ctx context.Context, stdin string, args ...string) (*result, <-chan int) {
	p.t.Helper()
	c, err := headless.Parse(args[0], args[1:])
	if err != nil {
		p.t.Fatalf("parse %v: %v", args, err)
	}
	r := &result{stdout: &simtest.Buffer{}, stderr: &simtest.Buffer{}}
	env := &headless.Env{
		Stdin: strings.NewReader(stdin), Stdout: r.stdout, Stderr: r.stderr, Timing: simtest.FastTiming(),
		ConnectTimeout: 3 * time.Second, Notify: p.notify, Terminal: p.terminal,
		Config: &config.Config{
			URL: p.url, Token: config.NewSecret(p.token), DataDir: p.dataDir, DeviceName: "ci",
			Paths: config.Paths{AuditFile: p.audit},
		},
	}
	done := make(chan int, 1)
	go func() { done <- c.Run(ctx, env) }()
	return r, done
}

// run runs a command to its end.
func (p *profile) run(stdin string, args ...string) *result {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, done := p.start(ctx, stdin, args...)
	select {
	case r.code = <-done:
	case <-time.After(waitLimit + time.Second):
		p.t.Fatalf("%v did not end; stderr: %s", args, r.stderr)
	}
	return r
}

// expect fails the test unless r ended with code.
func (r *result) expect(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout: %s\nstderr: %s", r.code, code, r.stdout, r.stderr)
	}
}

// waitFor polls cond until it holds or the limit passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// observer is another device of the same gateway (the TUI's role in tests).
type observer struct {
	*wsclient.Client
	mu     sync.Mutex
	frames []frame.Frame
}

// newObserver connects a device that records every frame it receives.
func newObserver(t *testing.T, url string) *observer {
	t.Helper()
	c, err := wsclient.New(wsclient.Config{URL: url, Token: testToken, DeviceID: "dev_observer", Timing: simtest.FastTiming()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	o := &observer{Client: c}
	ran := make(chan struct{})
	go func() { defer close(ran); _ = c.Run(ctx) }()
	synced := make(chan struct{})
	go func() {
		once := sync.Once{}
		for {
			ev, err := c.Next(ctx)
			if err != nil {
				return
			}
			switch ev := ev.(type) {
			case *wsclient.CursorEvent:
				once.Do(func() { close(synced) })
			case *wsclient.FrameEvent:
				o.mu.Lock()
				o.frames = append(o.frames, ev.Frame)
				o.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-ran })
	select {
	case <-synced:
	case <-time.After(waitLimit):
		t.Fatal("observer did not sync")
	}
	return o
}

// find returns the first recorded frame for which match holds.
func (o *observer) find(match func(frame.Frame) bool) (frame.Frame, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, f := range o.frames {
		if match(f) {
			return f, true
		}
	}
	return frame.Frame{}, false
}

// await waits for a recorded frame for which match holds.
func (o *observer) await(t *testing.T, what string, match func(frame.Frame) bool) frame.Frame {
	t.Helper()
	var f frame.Frame
	waitFor(t, what, func() bool {
		var ok bool
		f, ok = o.find(match)
		return ok
	})
	return f
}

// replyTo is the final text of the agent's reply to message id: as
// PROTOCOL-NOTES.md finds it, the first assistant turn that starts in the
// message's lane after its echo (reply_to, when the gateway sends it, must
// name the message; a lane the frame carries in its payload may not be
// read yet, and is then not compared).
func (o *observer) replyTo(t *testing.T, id string) string {
	t.Helper()
	var start frame.Frame
	waitFor(t, "the reply's start", func() bool {
		o.mu.Lock()
		defer o.mu.Unlock()
		echo := slices.IndexFunc(o.frames, func(f frame.Frame) bool { return f.MessageID() == id })
		if echo < 0 {
			return false
		}
		lane := o.frames[echo].Lane()
		for _, f := range o.frames[echo+1:] {
			p, ok := f.Payload.(*frame.MessageStart)
			if l := f.Lane(); ok && p.Role == frame.RoleAssistant && (!p.ReplyTo.Valid || p.ReplyTo.Val == id) && (l == frame.Lane{} || l == lane) {
				start = f
				return true
			}
		}
		return false
	})
	reply := start.Payload.(*frame.MessageStart).MessageID
	stop := o.await(t, "the reply's stop", func(f frame.Frame) bool {
		p, ok := f.Payload.(*frame.MessageStop)
		return ok && p.MessageID == reply
	})
	return stop.Payload.(*frame.MessageStop).FinalText
}

// sentTexts lists the texts of the message.send frames the simulator got.
func sentTexts(sim *gatewaysim.Server) []string {
	var out []string
	for _, f := range sim.Received() {
		if p, ok := f.Payload.(*frame.MessageSend); ok {
			out = append(out, p.Text)
		}
	}
	return out
}

// sentMessageID is the id the "✓ sent ID to LANE" line names.
func sentMessageID(t *testing.T, stderr string) string {
	t.Helper()
	_, rest, ok := strings.Cut(stderr, "✓ sent ")
	if !ok {
		t.Fatalf("no ✓ sent line in %q", stderr)
	}
	return strings.Fields(rest)[0]
}

// longRun is a running long-lived command (tail, approve).
type longRun struct {
	*result
	done   <-chan int
	cancel context.CancelFunc
}

// startLong runs a long-lived command until stop; it returns once the
// command has synced (the simulator got its sync).
func startLong(t *testing.T, sim *gatewaysim.Server, p *profile, args ...string) *longRun {
	t.Helper()
	syncs := countType(sim, frame.TypeSync)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	r, done := p.start(ctx, "", args...)
	tl := &longRun{result: r, done: done, cancel: cancel}
	t.Cleanup(cancel)
	waitFor(t, args[0]+"'s sync", func() bool { return countType(sim, frame.TypeSync) > syncs })
	return tl
}

// stop interrupts the command and checks it ended with 0.
func (tl *longRun) stop(t *testing.T) {
	t.Helper()
	tl.cancel()
	tl.code = <-tl.done
	tl.expect(t, headless.ExitOK)
}

func countType(sim *gatewaysim.Server, typ string) int {
	n := 0
	for _, f := range sim.Received() {
		if f.Type == typ {
			n++
		}
	}
	return n
}

// answer answers a picker from the observer, as the TUI would.
func (o *observer) answer(t *testing.T, id, value string) {
	t.Helper()
	sel := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: id, Value: value}}
	if _, err := o.Request(context.Background(), sel); err != nil {
		t.Fatal(err)
	}
}

// createChannel creates a channel from the observer and returns its chat id.
func (o *observer) createChannel(t *testing.T, name string) string {
	t.Helper()
	resp, err := o.Request(context.Background(), frame.Frame{Type: frame.TypeChannelCreate, Payload: &frame.ChannelCreate{Name: name}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Payload.(*frame.Channel).ChatID
}
