package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/setup"
	"github.com/hermes/iris/wsclient"
)

// runConnect resolves the profile (opening the first-run setup form when the
// URL or token is missing) and runs the client against it; without a
// terminal it says so in one line (after any configuration error).
func runConnect(ctx context.Context, opts cliOptions, stderr io.Writer) int {
	cfg, code := loadConfig(ctx, opts, stderr)
	if cfg == nil {
		return code
	}
	// Configuration errors come first: they need no terminal.
	return withTTY(os.Stdin, openDevTTY, stderr, func() int { return connectWith(ctx, cfg, opts, stderr) })
}

// connectWith runs the first-run setup form when cfg lacks the URL or
// token, then the client.
func connectWith(ctx context.Context, cfg *config.Config, opts cliOptions, stderr io.Writer) int {
	var code int
	if cfg.NeedsSetup() && linearMode(opts, cfg, os.Getenv) {
		fmt.Fprintln(stderr, "iris: this profile has no gateway URL or token yet; pass --url and --token, or set them in the profile (iris config path shows where)")
		return exitConfig
	}
	if cfg.NeedsSetup() {
		res, ok, err := setup.Run(ctx, setup.Options{
			Paths:      cfg.Paths,
			File:       cfg.File,
			Theme:      themes.Name(cfg.Theme),
			NoColor:    themes.NoColorEnv(os.Getenv),
			Test:       testConnection,
			URL:        cfg.URL,
			Token:      cfg.Token.Reveal(),
			Profile:    cfg.Profile,
			DeviceName: cfg.DeviceName,
			Insecure:   cfg.Insecure,
		})
		if err != nil {
			fmt.Fprintln(stderr, "iris: setup:", err)
			return exitFailure
		}
		if !ok {
			fmt.Fprintln(stderr, "iris: setup cancelled; run iris again, or pass --url and --token (see iris --help)")
			return exitConfig
		}
		fmt.Fprintf(stderr, "iris: saved profile %q to %s\n", res.Profile, res.ConfigFile)
		opts.profile = res.Profile
		if cfg, code = loadConfig(ctx, opts, stderr); cfg == nil {
			return code
		}
	}
	return runClient(ctx, cfg, opts, stderr)
}

// loadConfig loads the configuration for opts, printing a clear error (and
// returning nil with the exit code) when it cannot.
func loadConfig(ctx context.Context, opts cliOptions, stderr io.Writer) (*config.Config, int) {
	cfg, err := config.Load(ctx, config.Options{
		Profile:    opts.profile,
		URL:        opts.url,
		Token:      opts.token,
		Insecure:   opts.insecure,
		DeviceName: opts.deviceName,
		CAFile:     opts.caFile,
		Theme:      opts.theme,
	})
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		// The value may come from a flag or the environment as well as the file.
		fmt.Fprintln(stderr, "iris: fix the setting named above (iris config check tells what is wrong in the file), or pass --url and --token")
		return nil, exitConfig
	}
	return cfg, exitOK
}

// testConnection performs a real hello handshake, for the setup form.
func testConnection(ctx context.Context, url, token string, insecure bool) error {
	c, err := wsclient.New(wsclient.Config{URL: url, Token: token, DeviceID: "dev_setup_test", Insecure: insecure})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			select {
			case runErr := <-done:
				if runErr != nil && !errors.Is(runErr, context.Canceled) {
					return runErr
				}
			default:
			}
			return fmt.Errorf("no answer from the gateway: %w", err)
		}
		switch ev := ev.(type) {
		case *wsclient.HelloEvent:
			return nil
		case *wsclient.StateEvent:
			if ev.State == wsclient.StateAuthFailed || ev.State == wsclient.StateProtocolMismatch || ev.State == wsclient.StateHandshakeFailed {
				return ev.Err
			}
			if ev.State == wsclient.StateReconnecting && ev.Err != nil {
				return ev.Err
			}
		}
	}
}
