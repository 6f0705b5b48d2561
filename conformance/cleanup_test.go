package conformance_test

import (
	"context"
	"strings"
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
	var out strings.Builder
	conformance.Run(ctx, conformance.Options{URL: url, Token: simtest.Token, Timeout: testTimeout, Window: testWindow}, &out)
	if !strings.Contains(out.String(), "FAIL error.auth: not run: context canceled\n") {
		t.Fatalf("the rules after the interrupt ran:\n%s", out.String())
	}
	assertCleanedUp(t, url)
}
