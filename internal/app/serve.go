package app

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/sshserve"
)

// hostKeyFile is the SSH host key's name in the profile's data directory.
const hostKeyFile = "ssh_host_ed25519_key"

// shutdownGrace bounds how long SIGTERM waits for sessions to save.
const shutdownGrace = 10 * time.Second

// runServe serves Iris over SSH until SIGTERM or Ctrl+C: every session is
// the full client, on this machine's profile, as its own device per key.
func runServe(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	cfg, stopDemo, code := serveConfig(ctx, opts, stderr)
	if cfg == nil {
		return code
	}
	defer stopDemo()
	files, err := filesDir(opts.serve.files)
	if err != nil {
		fmt.Fprintln(stderr, "iris: --files:", err)
		return exitUsage
	}
	keys := opts.serve.authorizedKeys
	if keys == "" {
		keys = filepath.Join(cfg.Paths.ConfigDir, "authorized_keys")
	}
	lg, km, warnings, err := openLog(cfg, opts, stderr)
	if err != nil {
		return exitFailure
	}
	defer lg.Close()
	logger := lg.Logger.With("profile", cfg.Profile)

	app := &sshApp{cfg: cfg, ui: uiOptions(cfg, opts, km, warnings), files: files, log: logger}
	srv, err := sshserve.New(sshserve.Config{
		Listen: opts.listen, AuthorizedKeys: keys, HostKey: filepath.Join(cfg.DataDir, hostKeyFile),
		DataDir: cfg.DataDir, IdleTimeout: opts.serve.idleTimeout, MaxSessions: opts.serve.maxSessions,
		App: app.start, WantsPlain: app.wantsLinear, PlainApp: app.startLinear, Logger: logger,
	})
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return exitConfig
	}
	for _, w := range srv.Warnings() {
		fmt.Fprintln(stderr, "iris: warning:", w)
	}
	addr, err := srv.Listen()
	if err != nil {
		fmt.Fprintf(stderr, "iris: cannot listen on %s: %v\n", opts.listen, err)
		return exitFailure
	}
	printServing(stdout, stderr, srv, addr, keys, files)
	logger.Info("ssh: serving", "addr", addr.String(), "host_key", srv.HostKeyFingerprint())

	done := make(chan error, 1)
	go func() { done <- srv.Serve() }()
	select {
	case err = <-done:
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		err = srv.Shutdown(sctx)
		<-done
	}
	if err != nil {
		fmt.Fprintln(stderr, "iris: serve:", err)
		logger.Error("ssh: stopped", "err", err)
		return exitFailure
	}
	logger.Info("ssh: stopped")
	return exitOK
}

// serveConfig is the profile to serve, or the demo gateway's with --demo
// (stop closes the demo gateway). On failure it prints why and returns nil
// and the exit code.
func serveConfig(ctx context.Context, opts cliOptions, stderr io.Writer) (cfg *config.Config, stop func(), code int) {
	if opts.serve.demo {
		sim, cfg, code := startDemo(ctx, opts, stderr)
		if sim == nil {
			return nil, nil, code
		}
		// The demo gateway forgets everything when it stops, so the served
		// demo keeps nothing either, like the plain one (a new host key on
		// every run).
		remove, err := demoScratch(cfg, &opts)
		if err != nil {
			sim.Close()
			fmt.Fprintln(stderr, "iris:", err)
			return nil, nil, exitFailure
		}
		return cfg, func() { sim.Close(); remove() }, exitOK
	}
	cfg, code = loadConfig(ctx, opts, stderr)
	if cfg == nil {
		return nil, nil, code
	}
	if cfg.NeedsSetup() {
		fmt.Fprintln(stderr, "iris: serve needs a gateway URL and token: run iris once to set the profile up, or pass --url and --token")
		return nil, nil, exitConfig
	}
	return cfg, func() {}, exitOK
}

// filesDir checks --files: an existing directory, made absolute.
func filesDir(dir string) (string, error) {
	if dir == "" {
		return "", nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", abs)
	}
	return filepath.EvalSymlinks(abs)
}

// printServing tells where Iris is served, the host key's fingerprint to
// check on first connection, and warns when the address is not loopback.
func printServing(stdout, stderr io.Writer, srv *sshserve.Server, addr net.Addr, keys, files string) {
	state := "host key"
	if srv.HostKeyCreated() {
		state = "new host key"
	}
	fmt.Fprintf(stdout, "iris: %s %s\n", state, srv.HostKeyFingerprint())
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "THIS-HOST" // every address of the machine
	}
	fmt.Fprintf(stdout, "iris: serving Iris over SSH on %s: ssh -p %s %s (SIGTERM or Ctrl+C stops)\n", addr, port, host)
	if files == "" {
		fmt.Fprintln(stdout, "iris: attach is off (--files DIR allows attaching files from DIR)")
	} else {
		fmt.Fprintln(stdout, "iris: attachments may come from", files)
	}
	if !sshserve.IsLoopback(addr.String()) {
		fmt.Fprintf(stderr, "iris: warning: listening on %s, beyond this machine: these keys from %s can log in:\n", addr, keys)
		for _, id := range srv.Keys() {
			fmt.Fprintf(stderr, "iris: warning:   %s %s\n", id.Fingerprint, id.Name)
		}
	}
}
