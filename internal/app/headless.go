package app

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"

	"github.com/hermes/iris/internal/headless"
)

// runHeadless runs send, pickers or answer against the resolved profile.
func runHeadless(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	c := opts.headless
	env := &headless.Env{Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, Terminal: isTerminal(stdout)}
	if !c.Help && !c.Offline {
		cfg, code := loadConfig(ctx, opts, stderr)
		if cfg == nil {
			return code
		}
		if cfg.NeedsSetup() {
			fmt.Fprintln(stderr, "iris: this profile has no gateway URL or token yet; run iris once to set it up, or pass --url and --token")
			return exitConfig
		}
		env.Config = cfg
		env.ConnectTimeout = cmp.Or(c.ConnectTimeout, cfg.ConnectTimeout) // the flag, else the profile's
	}
	return c.Run(ctx, env)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
