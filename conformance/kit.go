package conformance

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/termsafe"
)

// Defaults of Options.
const (
	DefaultTimeout = 20 * time.Second
	DefaultWindow  = time.Second
)

// Options configure a run of the kit.
type Options struct {
	URL      string // the gateway's ws:// or wss:// URL
	Token    string // the device token; never printed
	Insecure bool   // allow the token over plain ws:// to a host that is not loopback
	CAFile   string // extra CA bundle (PEM) for wss://
	// Timeout is each rule's deadline (DefaultTimeout when 0).
	Timeout time.Duration
	// Window is how long the kit watches for frames that must not come:
	// a second response, an echo, an answer to an ignored frame
	// (DefaultWindow when 0).
	Window time.Duration
	// Notes receives what is not a rule's verdict (a conformance channel
	// the kit could not delete afterwards); nil discards it.
	Notes io.Writer
}

// kit is one run: its options, the tag in the name of every channel it
// makes, and what it must clean up.
type kit struct {
	opts Options
	tag  string
	ids  atomic.Int64

	mu    sync.Mutex
	conns []*conn // opened by the running rule, closed after it
	def   string  // the default channel's chat id when the run began

	fix    *fixture // the shared lane of messages, built on first use
	fixErr error
	att    *attachment // the upload the media rules share, made on first use
	attErr error
}

// Run drives the gateway through every rule, writes one line per rule
// ("PASS name" or "FAIL name: reason") and then "N passed, M failed" to
// out, and returns the number of failed rules. Every reason is redacted
// (the token never appears) and sanitised for the terminal.
func Run(ctx context.Context, opts Options, out io.Writer) int {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	if opts.Notes == nil {
		opts.Notes = io.Discard
	}
	k := &kit{opts: opts, tag: randomHex(4)}
	k.ids.Store(1000)
	passed, failed := 0, 0
	for _, r := range rules {
		if err := k.runRule(ctx, r); err != nil {
			failed++
			fmt.Fprintf(out, "FAIL %s: %s\n", r.name, k.clean(err.Error()))
		} else {
			passed++
			fmt.Fprintf(out, "PASS %s\n", r.name)
		}
	}
	k.cleanup(ctx)
	fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
	return failed
}

// rule is one check of the spec.
type rule struct {
	name string
	run  func(ctx context.Context, k *kit) error
}

// runRule runs r within its deadline and closes the connections it opened.
// After an interrupt the rules left are not run (and send nothing).
func (k *kit) runRule(ctx context.Context, r rule) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("not run: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, k.opts.Timeout)
	defer cancel()
	defer k.closeConns()
	return r.run(ctx, k)
}

// clean makes a reason safe to print: the token (and any run of it) is
// replaced by its redacted form, control characters by placeholders.
func (k *kit) clean(s string) string {
	if t := k.opts.Token; t != "" {
		s = strings.ReplaceAll(s, t, config.Redact(t))
	}
	return termsafe.Line(s)
}

func (k *kit) nextID() int64 { return k.ids.Add(1) }

// name is the name of a channel this run creates for purpose.
func (k *kit) name(purpose string) string { return "conformance-" + k.tag + " " + purpose }

// device is the device id of one role. It is the same in every run, so a
// gateway keeps a fixed few devices of the kit (each with its outbox), not
// a new set per run.
func (k *kit) device(role string) string { return "dev_conformance_" + role }

func (k *kit) track(c *conn) {
	k.mu.Lock()
	k.conns = append(k.conns, c)
	k.mu.Unlock()
}

// keep takes c out of the running rule's connections (it outlives it).
func (k *kit) keep(c *conn) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, x := range k.conns {
		if x == c {
			k.conns = append(k.conns[:i], k.conns[i+1:]...)
			return
		}
	}
}

func (k *kit) closeConns() {
	k.mu.Lock()
	conns := k.conns
	k.conns = nil
	k.mu.Unlock()
	for _, c := range conns {
		c.close()
	}
}

// cleanup puts the default channel back and deletes every channel of this
// run that is still listed (its name carries the run's tag), also after
// the run was interrupted.
func (k *kit) cleanup(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), k.opts.Timeout)
	defer cancel()
	defer k.closeConns()
	if k.fix != nil {
		k.fix.c.close()
	}
	c, ack, err := k.connect(ctx, "cleanup")
	if err != nil {
		fmt.Fprintf(k.opts.Notes, "iris conformance: cleanup: %s\n", k.clean(err.Error()))
		return
	}
	dir := ack.Channels
	if def := defaultOf(dir); k.def != "" && def != k.def && findChat(dir, k.def) != nil {
		if _, err := c.expectOK(ctx, frame.TypeChannelSetDef, frame.Lane{ChatID: k.def}, obj{}); err != nil {
			fmt.Fprintf(k.opts.Notes, "iris conformance: cleanup: could not make %s the default channel again: %s\n", k.clean(k.def), k.clean(err.Error()))
		}
	}
	for _, ch := range dir {
		if isThread(ch) || !strings.HasPrefix(ch.Name, k.name("")) {
			continue
		}
		if _, err := c.expectOK(ctx, frame.TypeChannelDelete, frame.Lane{ChatID: ch.ChatID}, obj{}); err != nil {
			fmt.Fprintf(k.opts.Notes, "iris conformance: cleanup: could not delete channel %s: %s\n", k.clean(ch.ChatID), k.clean(err.Error()))
		}
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
