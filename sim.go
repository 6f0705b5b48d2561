package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/hermes/iris/gatewaysim"
)

// runGatewaySim serves the gateway simulator until interrupted.
func runGatewaySim(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	interval, err := time.ParseDuration(opts.simInterval)
	if err != nil || interval < 0 {
		fmt.Fprintf(stderr, "iris: --stream-interval %q is not a duration like 30ms\n", opts.simInterval)
		return exitUsage
	}
	if opts.token == "" {
		fmt.Fprintln(stderr, "iris: gateway-sim needs a non-empty --token")
		return exitUsage
	}
	sim := gatewaysim.New(gatewaysim.Config{
		Token:          opts.token,
		StreamInterval: interval,
		Seed:           true,
		Logger:         slog.New(slog.NewTextHandler(stderr, nil)),
	})
	url, err := sim.Start(opts.listen)
	if err != nil {
		fmt.Fprintf(stderr, "iris: gateway-sim cannot listen on %s: %v\n", opts.listen, err)
		return exitFailure
	}
	fmt.Fprintf(stdout, "gateway simulator listening on %s (Ctrl+C to stop)\n", url)
	<-ctx.Done()
	if err := sim.Close(); err != nil {
		fmt.Fprintln(stderr, "iris: closing the simulator:", err)
		return exitFailure
	}
	return exitOK
}
