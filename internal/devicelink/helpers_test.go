package devicelink_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/devicelink"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

const (
	deviceID  = "dev_shared"
	waitLimit = 10 * time.Second
)

// proc is one process's link to the shared device, with every event it
// delivered.
type proc struct {
	link   *devicelink.Link
	cancel context.CancelFunc
	ran    chan error

	mu  sync.Mutex
	evs []wsclient.Event
}

func options(dir, url string) devicelink.Options {
	return devicelink.Options{
		Dir: dir, Name: "dev", DeviceID: func() (string, error) { return deviceID, nil },
		Client: wsclient.Config{URL: url, Token: simtest.Token, Timing: simtest.FastTiming()},
	}
}

// start dials and runs a link with opts until the test ends or stop.
func start(t *testing.T, opts devicelink.Options) *proc {
	t.Helper()
	l, err := devicelink.Dial(context.Background(), opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &proc{link: l, cancel: cancel, ran: make(chan error, 1)}
	go func() { p.ran <- l.Run(ctx) }()
	go func() {
		for {
			ev, err := l.Next(context.Background())
			if err != nil {
				return
			}
			p.mu.Lock()
			p.evs = append(p.evs, ev)
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() { p.stop(t) })
	return p
}

// stop ends the process's link and waits for Run.
func (p *proc) stop(t *testing.T) {
	t.Helper()
	p.cancel()
	select {
	case err := <-p.ran:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		p.ran <- nil // a second stop returns at once
	case <-time.After(waitLimit):
		t.Fatal("Run did not end")
	}
}

// notes are the bodies of the notifications the process delivered, in
// order.
func (p *proc) notes() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, ev := range p.evs {
		if fe, ok := ev.(*wsclient.FrameEvent); ok {
			if n, ok := fe.Frame.Payload.(*frame.Notification); ok {
				out = append(out, n.Body)
			}
		}
	}
	return out
}

// synced reports whether the process delivered a CursorEvent.
func (p *proc) synced() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.ContainsFunc(p.evs, func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
}

func note(body string) frame.Frame {
	return frame.Frame{Type: frame.TypeNotification, Payload: &frame.Notification{Kind: "generic", Body: body}}
}

func bodies(from, to int) []string {
	var out []string
	for i := from; i < to; i++ {
		out = append(out, fmt.Sprint("n", i))
	}
	return out
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		<-tick.C
	}
}

// oneConnection checks the simulator saw hellos connections of the
// device and none that took another's place.
func oneConnection(t *testing.T, sim *gatewaysim.Server, hellos int) {
	t.Helper()
	h, sup := sim.DeviceConnections(deviceID)
	if h != hellos || sup != 0 {
		t.Fatalf("the simulator saw %d connections of the device, %d of them taking a live one's place; want %d, 0", h, sup, hellos)
	}
}

func foreign(t *testing.T, err error, why string) {
	t.Helper()
	var fe *devicelink.ForeignError
	if !errors.As(err, &fe) {
		t.Fatalf("got %v, want a ForeignError", err)
	}
	if !containsFold(fe.Why, why) {
		t.Fatalf("refused for %q; want it to say %q", fe.Why, why)
	}
}
