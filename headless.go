package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/hermes/iris/headless"
)

// runHeadless runs send, pickers or answer against the resolved profile.
func runHeadless(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	c := opts.headless
	env := &headless.Env{Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, ConnectTimeout: c.ConnectTimeout}
	if !c.Help {
		cfg, code := loadConfig(ctx, opts, stderr)
		if cfg == nil {
			return code
		}
		if cfg.NeedsSetup() {
			fmt.Fprintln(stderr, "iris: this profile has no gateway URL or token yet; run iris once to set it up, or pass --url and --token")
			return exitConfig
		}
		env.Config = cfg
	}
	return c.Run(ctx, env)
}
