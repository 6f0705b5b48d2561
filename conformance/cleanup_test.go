package conformance_test

import (
	"context"
	"io"
	"testing"

	"github.com/hermes/iris/conformance"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

func TestAnInterruptedRunStillDeletesItsChannels(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		// Interrupted (as by Ctrl+C) once the kit made its second channel
		// the default: it has channels to delete and a default to put back.
		_, _ = sim.WaitReceived(ctx, func(f frame.Frame) bool {
			return f.Type == frame.TypeChannelSetDef && f.ChatID.Val != gatewaysim.DefaultChatID
		})
		cancel()
	}()
	failed := conformance.Run(ctx, conformance.Options{URL: url, Token: simtest.Token, Timeout: testTimeout, Window: testWindow}, io.Discard)
	if failed == 0 {
		t.Fatal("the interrupted run passed every rule")
	}
	assertCleanedUp(t, url)
}
