package app

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"

	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/linear"
	"github.com/hermes/iris/internal/store"
)

// linearMode reports whether Iris runs as plain lines for a screen
// reader: --linear, the profile's linear = true, or TERM=dumb.
func linearMode(opts cliOptions, cfg *config.Config, getenv func(string) string) bool {
	return opts.linear || cfg.Linear || getenv("TERM") == "dumb"
}

// runLinear runs the linear front-end (package internal/linear) on this
// terminal against the resolved profile, with the TUI's device and store.
func runLinear(ctx context.Context, cfg *config.Config, opts cliOptions, stderr io.Writer) (code int) {
	lg, _, _, err := openLog(cfg, opts, stderr)
	if err != nil {
		return exitFailure
	}
	defer lg.Close()
	dev, closeDevice, code := openDevice(cfg, opts, lg, store.Options{}, 0, stderr)
	if closeDevice == nil {
		return code
	}
	defer func() { code = closeDevice(code) }()
	st, client := dev.st, dev.client
	restore, echo := rawInput(os.Stdin)
	defer restore()
	ctx, cancel := context.WithCancel(ctx)
	runErr := make(chan error, 1)
	go func() { runErr <- client.Run(ctx) }()
	settings := uiSettings(cfg.Settings)
	err = linear.Run(ctx, linear.Options{
		In: os.Stdin, Out: os.Stdout, Echo: echo, Gateway: client, State: st,
		Audit: audit.New(cfg.Paths.AuditFile), GatewayURL: cfg.URL, DeviceName: cfg.DeviceName,
		Footer: settings.RuntimeFooter,
	})
	cancel()
	restore() // before anything more is printed: a raw terminal does not return the carriage
	return linearExit(<-runErr, err, cfg.TokenSource, stderr)
}

// linearExit maps how the linear front-end and its connection ended to
// an exit code, as runProgram does for the TUI.
func linearExit(runErr, err error, tokenSource string, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return exitFailure
	}
	return connectionExit(runErr, tokenSource, stderr)
}

// rawInput puts the terminal on in into raw mode, so that the line
// editor echoes and reads each key; echo is false when in is no terminal
// (its lines are read as they come). restore puts the terminal back.
func rawInput(in *os.File) (restore func(), echo bool) {
	if !term.IsTerminal(in.Fd()) {
		return func() {}, false
	}
	old, err := term.MakeRaw(in.Fd())
	if err != nil {
		return func() {}, false
	}
	return func() { _ = term.Restore(in.Fd(), old) }, true
}
