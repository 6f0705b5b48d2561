package linear

import (
	"context"
	"io"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// Gateway is the connection the linear front-end drives;
// *wsclient.Client satisfies it (its Run is the caller's).
type Gateway interface {
	NextBatch(ctx context.Context, limit int) ([]wsclient.Event, error)
	Request(ctx context.Context, f frame.Frame) (frame.Frame, error)
	Post(ctx context.Context, f frame.Frame) (confirmed bool, err error)
}

// AuditLog records the answers given here; *audit.Log satisfies it.
type AuditLog interface {
	Append(audit.Entry) error
}

// Options configure Run.
type Options struct {
	In  io.Reader // the keyboard
	Out io.Writer // the terminal
	// Echo says the terminal is in raw mode and the editor echoes what is
	// typed; false leaves echo to the terminal's line discipline.
	Echo       bool
	Gateway    Gateway
	State      *store.State // the profile's store, opened by the caller
	Audit      AuditLog     // nil: answers are not logged
	GatewayURL string
	// DeviceName names this device in its answers (picker.select's by).
	DeviceName string
	// Reasoning prints the assistant's reasoning from the start (/reasoning
	// turns it on and off); Footer prints the runtime footer.
	Reasoning, Footer bool
	// Now is the clock; default time.Now.
	Now func() time.Time
	// RequestTimeout bounds each request; default 15 s.
	RequestTimeout time.Duration
}

// via names the linear mode in the audit log.
const via = "iris --linear"

// prompt is the input line's prompt.
const prompt = "> "

// batchLimit caps the events applied in one step.
const batchLimit = 256

// Run runs the linear front-end until the user quits, ctx ends or the
// connection ends for good (the caller's wsclient.Client.Run returned).
func Run(ctx context.Context, opts Options) error {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = 15 * time.Second
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a := newApp(ctx, opts)
	a.greet()
	events := make(chan []wsclient.Event)
	go func() {
		defer close(events)
		for {
			evs, err := opts.Gateway.NextBatch(ctx, batchLimit)
			if err != nil {
				return
			}
			select {
			case events <- evs:
			case <-ctx.Done():
				return
			}
		}
	}()
	keys := make(chan []byte)
	go readKeys(ctx, opts.In, keys)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for !a.quit {
		select {
		case <-ctx.Done():
			return nil
		case evs, ok := <-events:
			if !ok {
				return nil
			}
			a.events(evs)
		case b, ok := <-keys:
			if !ok {
				return nil
			}
			for _, in := range a.ed.Feed(b) {
				a.input(in)
			}
		case f := <-a.results:
			f()
		case <-tick.C:
			a.tick()
		}
		a.show()
	}
	return nil
}

// readKeys sends what is read from in until it ends.
func readKeys(ctx context.Context, in io.Reader, keys chan<- []byte) {
	defer close(keys)
	buf := make([]byte, 4096)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			select {
			case keys <- append([]byte(nil), buf[:n]...):
			case <-ctx.Done():
				return
			}
		}
		if err != nil {
			return
		}
	}
}
