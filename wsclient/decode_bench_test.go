package wsclient_test

import (
	"context"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// renderEvery is the consumer's frame interval in the decode benchmark:
// the UI's transcript flush interval, as the app's bridge paces it.
const renderEvery = 33 * time.Millisecond

// BenchmarkDecodePerRender streams a 24 KiB answer as 400 full-text
// updates at 200/s from the simulator to a client whose consumer takes
// paced batches (Config.BatchEvery, as the app's bridge does) and renders
// once per batch that changed the answer. decoded-x-renders is how many
// of the answer's frames were fully decoded per render (target ≤ 1.2);
// frames-x-renders is the frames received per render, what a reader that
// decodes every frame (main before deferred updates) pays in the same run.
func BenchmarkDecodePerRender(b *testing.B) {
	sim, url := simtest.StartSim(b, gatewaysim.Config{})
	c := start(b, newClient(b, url, func(cfg *wsclient.Config) {
		cfg.BatchEvery = renderEvery
		cfg.Timing.DeadAfter = 2 * time.Minute
		cfg.Timing.PingInterval = time.Minute // no pongs to decode beside the answer
	}))
	ctx := context.Background()
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := ev.(*wsclient.CursorEvent); ok {
			break
		}
	}
	const updates = 400
	text := gatewaysim.BenchAnswer(24 << 10)
	lane := frame.Lane{ChatID: defaultChat}
	var renders, decoded, frames int64
	b.ResetTimer()
	for range b.N {
		before := wsclient.FullDecodes()
		go sim.StreamAnswer(ctx, lane, "bench", text, updates, 5*time.Millisecond)
		for done := false; !done; {
			evs, err := c.NextBatch(ctx, 256)
			if err != nil {
				b.Fatal(err)
			}
			changed := false
			for _, ev := range evs {
				fe, ok := ev.(*wsclient.FrameEvent)
				if !ok || fe.Frame.MessageID() != "bench" {
					continue
				}
				changed = true
				done = done || fe.Frame.Type == frame.TypeMessageStop
			}
			if changed {
				renders++
			}
		}
		decoded += wsclient.FullDecodes() - before
		frames += updates + 2
	}
	b.ReportMetric(float64(decoded)/float64(renders), "decoded-x-renders")
	b.ReportMetric(float64(frames)/float64(renders), "frames-x-renders")
	b.ReportMetric(float64(renders)/float64(b.N), "renders/answer")
}
