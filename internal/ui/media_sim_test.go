package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// simEnv is a harness whose gateway is a real wsclient connected to the
// simulator on 127.0.0.1; the client's events are fed to Update by the
// test goroutine.
type simEnv struct {
	*harness
	sim       *gatewaysim.Server
	url       string // the simulator's WebSocket URL
	events    chan wsclient.Event
	downloads string
}

func newSimEnv(t *testing.T, maxUpload int64, mods ...harnessOpt) *simEnv {
	t.Helper()
	sim := gatewaysim.New(gatewaysim.Config{Token: "tok", MaxUploadSize: maxUpload, StreamInterval: time.Millisecond})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	e := dialEnv(t, url, wsclient.Timing{}, mods...)
	e.sim = sim
	return e
}

// dialEnv connects a harness to the gateway at url through a real
// wsclient (timing adjusts its timers) and waits until it is online with a
// lane focused; mods adjust the model's options.
func dialEnv(t *testing.T, url string, timing wsclient.Timing, mods ...harnessOpt) *simEnv {
	t.Helper()
	e := startEnv(t, url, timing, mods...)
	e.until("online", func() bool { return e.m.link.online() && e.m.Lane().ChatID != "" })
	return e
}

// startEnv is dialEnv without the wait: the model is fed the client's
// events by until, whatever they are.
func startEnv(t *testing.T, url string, timing wsclient.Timing, mods ...harnessOpt) *simEnv {
	t.Helper()
	var st atomic.Pointer[store.State] // the harness's, once made: the client syncs from its cursor, as in client.go
	cursor := func() int64 {
		if s := st.Load(); s != nil {
			return s.Cursor()
		}
		return 0
	}
	c, err := wsclient.New(wsclient.Config{URL: url, Token: "tok", DeviceID: "dev_ui", DeviceName: "ui test", Timing: timing, Cursor: cursor})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	e := &simEnv{url: url, events: make(chan wsclient.Event, 256), downloads: filepath.Join(t.TempDir(), "dl")}
	go func() {
		for {
			ev, err := c.Next(ctx)
			if err != nil {
				return
			}
			e.events <- ev
		}
	}()
	cache := t.TempDir()
	e.harness = newHarness(t, 120, 40, append([]harnessOpt{func(o *Options) {
		o.Gateway = c
		o.Media = MediaOptions{CacheDir: cache, DownloadDir: e.downloads, Getenv: func(string) string { return "" },
			Open: func(string) error { return nil }}
	}}, mods...)...)
	st.Store(e.harness.st)
	return e
}

// until feeds the client's events to the model until cond holds.
// reconnectPastGrace waits for the dropped connection to come back and
// sync, then ends the reconnect's grace period at once.
func (e *simEnv) reconnectPastGrace() {
	e.t.Helper()
	e.until("the drop", func() bool { return !e.m.link.online() })
	e.until("the reconnect's sync", func() bool { return e.m.eng.Recon().IsSynced() && e.m.link.online() })
	e.send(reconcileMsg{gen: e.m.eng.Recon().Gen()})
}

func (e *simEnv) until(what string, cond func() bool) {
	e.t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case ev := <-e.events:
			e.send(inbound(ev))
		case <-deadline:
			e.t.Fatalf("timed out waiting for %s; screen:\n%s", what, e.plain())
		}
	}
}

func (e *simEnv) shows(s string) func() bool {
	return func() bool { return strings.Contains(e.plain(), s) }
}

// TestMediaThroughSimulator: a too-large attachment fails on its chip with
// the gateway's limit and keeps the text; a small one uploads, goes out in
// media_refs, the agent answers with a chart that previews and saves.
func TestMediaThroughSimulator(t *testing.T) {
	e := newSimEnv(t, 64<<10)
	big := writeFile(t, "huge.bin", make([]byte, 100<<10))
	e.typeText("/attach " + big)
	e.key(tea.KeyEnter, 0)
	e.typeText("draw a chart")
	e.key(tea.KeyEnter, 0)
	e.mustShow("too large for the gateway (upload larger than 64 KiB)")
	if e.m.Composer() != "draw a chart" {
		t.Fatalf("text after media_too_large = %q", e.m.Composer())
	}

	e.key('x', tea.ModAlt)                              // remove the refused chip
	e.send(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt}) // the picker opens…
	if e.m.DialogOpen() != "filepicker" {
		t.Fatalf("alt+a opened %q", e.m.DialogOpen())
	}
	e.key(tea.KeyEscape, 0) // …and closes
	small := writeFile(t, "dot.png", testPNG(t, 2, 2))
	e.m.composer.Reset()
	e.typeText("/attach " + small)
	e.key(tea.KeyEnter, 0)
	e.typeText("draw a chart")
	e.key(tea.KeyEnter, 0)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	f, err := e.sim.WaitReceived(ctx, func(f frame.Frame) bool {
		ms, ok := f.Payload.(*frame.MessageSend)
		return ok && len(ms.MediaRefs) == 1
	})
	if err != nil {
		t.Fatalf("no message.send with a media_ref: %v", err)
	}
	if got := f.Payload.(*frame.MessageSend).Text; got != "draw a chart" {
		t.Fatalf("sent text %q", got)
	}
	e.until("the agent's chart", e.shows("▣ image · chart.png"))
	if e.m.Composer() != "" {
		t.Fatalf("composer after sending: %q", e.m.Composer())
	}

	e.key(tea.KeyTab, 0)
	e.send(tea.KeyPressMsg{Code: '[', Text: "["})
	e.send(tea.KeyPressMsg{Code: 'p', Text: "p"})
	e.mustShow("▀▀▀▀")
	e.send(tea.KeyPressMsg{Code: 's', Text: "s"})
	if _, err := os.Stat(filepath.Join(e.downloads, "chart.png")); err != nil {
		t.Fatalf("chart not saved: %v", err)
	}
}
