package headless_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/headless"
	"github.com/hermes/iris/internal/simtest"
)

// stopDuringReply runs send --wait --json against a simulator configured
// by cfg, has another device send agent.stop once the reply streams, and
// returns the command's result.
func stopDuringReply(t *testing.T, cfg gatewaysim.Config) *result {
	t.Helper()
	cfg.StreamInterval = 100 * time.Millisecond
	_, url := simtest.StartSim(t, cfg)
	obs := newObserver(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, done := newProfile(t, url).start(ctx, "", "send", "--wait", "--json", "write a long answer")
	waitFor(t, "the reply's first words", func() bool { return strings.Contains(r.stdout.String(), `"event":"delta"`) })
	stop := frame.Frame{Type: frame.TypeAgentStop, ChatID: frame.Some(defaultChat), ThreadID: frame.Null(), Payload: &frame.Empty{}}
	if _, err := obs.Request(ctx, stop); err != nil {
		t.Fatal(err)
	}
	r.code = <-done
	return r
}

// TestSendWaitExits7WhenAnotherDeviceStopsTheReply: a stop sent from
// another device while the reply streams ends send --wait with exit 7, a
// "stopped" end event and a line saying the reply is partial: the
// gateway's message.stop says "interrupted" (extension turn_interrupted).
func TestSendWaitExits7WhenAnotherDeviceStopsTheReply(t *testing.T) {
	r := stopDuringReply(t, gatewaysim.Config{})
	r.expect(t, headless.ExitTurnFailed)
	if !strings.Contains(r.stdout.String(), `{"event":"end","status":"stopped","exit":7,"error":"the gateway reports the turn interrupted (a stop or a new message from another device) before it finished; the reply above is partial"}`) {
		t.Fatalf("no stopped end event:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout.String(), `"event":"reply"`) {
		t.Fatalf("the partial reply was not printed:\n%s", r.stdout)
	}
}

// TestSendWaitCannotTellAStopFromAGatewayWithoutTheExtension: a gateway of
// the spec alone ends a stopped reply like a finished one, so send --wait
// exits 0 with the partial reply (PROTOCOL-EXTENSIONS.md, fallbacks).
func TestSendWaitCannotTellAStopFromAGatewayWithoutTheExtension(t *testing.T) {
	r := stopDuringReply(t, gatewaysim.Config{Dialect: gatewaysim.DialectSpec})
	r.expect(t, headless.ExitOK)
	if !strings.Contains(r.stdout.String(), `"event":"end","status":"ok","exit":0`) {
		t.Fatalf("end event:\n%s", r.stdout)
	}
}
