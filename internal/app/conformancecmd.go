package app

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/hermes/iris/conformance"
	"github.com/hermes/iris/wsclient"
)

// exitNonConformant is iris conformance's exit code when a rule failed.
const exitNonConformant = 1

// conformanceOptions are iris conformance's own flags.
type conformanceOptions struct {
	timeout time.Duration // each rule's deadline
	window  time.Duration // how long to watch for frames that must not come
}

func parseConformanceFlags(o *cliOptions, args []string) error {
	fs := newFlagSet("iris conformance")
	fs.StringVar(&o.url, "url", "", "")
	fs.StringVar(&o.token, "token", "", "")
	fs.StringVar(&o.profile, "profile", "", "")
	fs.BoolVar(&o.insecure, "insecure", false, "")
	fs.StringVar(&o.caFile, "ca-file", "", "")
	fs.DurationVar(&o.conformance.timeout, "timeout", conformance.DefaultTimeout, "")
	fs.DurationVar(&o.conformance.window, "window", conformance.DefaultWindow, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.conformance.timeout <= 0 || o.conformance.window <= 0 {
		return fmt.Errorf("%w: --timeout and --window must be positive durations such as 20s", errUsage)
	}
	return nil
}

// runConformance drives the profile's gateway through the conformance
// kit: one PASS/FAIL line per rule on stdout, exit 0 only when all pass.
func runConformance(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	cfg, code := loadConfig(ctx, opts, stderr)
	if cfg == nil {
		return code
	}
	if cfg.NeedsSetup() {
		fmt.Fprintln(stderr, "iris: iris conformance needs a gateway URL and token: pass --url and --token (or set IRIS_URL and IRIS_TOKEN, or a profile)")
		return exitConfig
	}
	if wsclient.NeedsInsecure(cfg.URL) && !cfg.Insecure {
		fmt.Fprintf(stderr, "iris: %v to %s, which is not loopback: use wss://, or opt in with --insecure\n", wsclient.ErrInsecure, cfg.URL)
		return exitConfig
	}
	failed := conformance.Run(ctx, conformance.Options{
		URL: cfg.URL, Token: cfg.Token.Reveal(), Insecure: cfg.Insecure, CAFile: cfg.CAFile,
		Timeout: opts.conformance.timeout, Window: opts.conformance.window, Notes: stderr,
	}, stdout)
	if failed > 0 {
		return exitNonConformant
	}
	return exitOK
}
