// Package app is the iris command: it parses the command line, loads the
// configuration and runs the subcommand (the client, the demo, the
// simulator, serve, conformance, the headless commands, config helpers).
// main.go at the repository root only calls Run.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/keymap"
)

// tokenFlagWarning is printed once when the token comes from --token.
const tokenFlagWarning = "iris: warning: --token is visible to every user of this machine (ps, /proc/PID/cmdline); " +
	"keep the token in a file (token_file) or a command (token_command) in the profile, or in IRIS_TOKEN"

// Run executes one invocation of iris with args (the command line without
// the program name) and returns its exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, "iris:", strings.TrimPrefix(err.Error(), errUsage.Error()+": "))
		return exitUsage
	}
	if opts.token != "" && opts.cmd != cmdGatewaySim { // the simulator's --token is its own test token
		fmt.Fprintln(stderr, tokenFlagWarning)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()

	switch opts.cmd {
	case cmdHelp:
		fmt.Fprint(stdout, usageText)
		return exitOK
	case cmdSimHelp:
		fmt.Fprint(stdout, simUsage())
		return exitOK
	case cmdVersion:
		fmt.Fprintln(stdout, buildVersion())
		return exitOK
	case cmdConfigPath:
		runConfigPath(stdout)
		return exitOK
	case cmdConfigCheck:
		if err := runConfigCheck(ctx, stdout, config.Options{Profile: opts.profile}, keymap.Names()); err != nil {
			fmt.Fprintln(stderr, "iris:", err)
			return exitConfig
		}
		return exitOK
	case cmdAudit:
		return runAudit(opts, stdout, stderr)
	case cmdGatewaySim:
		return runGatewaySim(ctx, opts, stdout, stderr)
	case cmdServe:
		return runServe(ctx, opts, stdout, stderr)
	case cmdConformance:
		return runConformance(ctx, opts, stdout, stderr)
	case cmdHeadless:
		return runHeadless(ctx, opts, stdout, stderr)
	case cmdDemo:
		return withTTY(os.Stdin, openDevTTY, stderr, func() int { return runDemo(ctx, opts, stderr) })
	default:
		return runConnect(ctx, opts, stderr)
	}
}
