package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
)

// demoProfile names the demo's profile in the UI and logs.
const demoProfile = "demo"

// demoToken is the token of the in-process demo gateway.
const demoToken = "demo-token"

// runDemo starts the gateway simulator in-process on a loopback port and runs
// the client against it. The user's config supplies theme, keys and settings
// when it parses; the demo works without one. The simulator forgets
// everything when it stops, so the demo keeps nothing either: its local
// store, log, audit log and media cache live in a temporary directory
// removed at exit (demoScratch; a cache kept across runs would mix two unrelated
// histories whose message ids collide, and the real audit log would record
// answers given to a pretend agent).
func runDemo(ctx context.Context, opts cliOptions, stderr io.Writer) int {
	sim, cfg, code := startDemo(ctx, opts, stderr)
	if sim == nil {
		return code
	}
	defer sim.Close()
	remove, err := demoScratch(cfg, &opts)
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return exitFailure
	}
	defer remove()
	return runClient(ctx, cfg, opts, stderr)
}

// demoScratch moves everything the demo would write (store, log, audit
// log, media cache; for `serve --demo` also the host key and the per-key
// stores, which live in the data directory) into a new temporary
// directory, and returns the function that removes it.
func demoScratch(cfg *config.Config, opts *cliOptions) (remove func(), err error) {
	dir, err := os.MkdirTemp("", "iris-demo-")
	if err != nil {
		return nil, fmt.Errorf("cannot create the demo's temporary directory: %w", err)
	}
	cfg.DataDir = dir
	cfg.Paths.LogFile = filepath.Join(dir, "iris.log")
	cfg.Paths.AuditFile = filepath.Join(dir, audit.FileName)
	opts.mediaCache = filepath.Join(dir, "media")
	return func() { os.RemoveAll(dir) }, nil
}

// startDemo starts the demo gateway on a loopback port and loads the
// configuration pointing at it (profile "demo"). On failure it prints why
// and returns a nil simulator and the exit code.
func startDemo(ctx context.Context, opts cliOptions, stderr io.Writer) (*gatewaysim.Server, *config.Config, int) {
	sim := gatewaysim.New(gatewaysim.Config{
		Token:          demoToken,
		StreamInterval: 30 * time.Millisecond,
		Seed:           true,
		CronInterval:   5 * time.Minute,
	})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(stderr, "iris: cannot start the demo gateway:", err)
		return nil, nil, exitFailure
	}
	cfg, err := config.Load(ctx, config.Options{URL: url, Token: demoToken, Theme: opts.theme, DeviceName: opts.deviceName})
	if err != nil {
		fmt.Fprintln(stderr, "iris: warning: ignoring your config for the demo:", err)
		paths := config.DefaultPaths()
		paths.ConfigFile = "" // read as "no file": defaults for everything
		cfg, err = config.Load(ctx, config.Options{URL: url, Token: demoToken, Theme: opts.theme, DeviceName: opts.deviceName,
			Paths: &paths})
		if err != nil {
			sim.Close()
			fmt.Fprintln(stderr, "iris:", err)
			return nil, nil, exitConfig
		}
	}
	cfg.Profile = demoProfile
	return sim, cfg, exitOK
}
