package app

import (
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// noTTYHint is printed instead of bubbletea's "error opening TTY" when Iris
// runs without a terminal (a pipe, cron, a CI job).
const noTTYHint = "iris: no terminal here (stdin is not a TTY and /dev/tty cannot be opened): run iris in a terminal, or use the commands for scripts listed in iris --help"

// hasTTY reports whether the interactive client can get a terminal: stdin
// is one, or the controlling terminal opens (bubbletea's own fallback).
func hasTTY(stdin *os.File, openTTY func() (*os.File, error)) bool {
	if term.IsTerminal(stdin.Fd()) {
		return true
	}
	f, err := openTTY()
	if err != nil {
		return false
	}
	_ = f.Close()
	return true
}

// openDevTTY opens the controlling terminal.
func openDevTTY() (*os.File, error) { return os.Open("/dev/tty") }

// withTTY runs an interactive command (the client, the demo) when a
// terminal is there, and otherwise prints noTTYHint and exits with
// exitUsage.
func withTTY(stdin *os.File, openTTY func() (*os.File, error), stderr io.Writer, run func() int) int {
	if !hasTTY(stdin, openTTY) {
		fmt.Fprintln(stderr, noTTYHint)
		return exitUsage
	}
	return run()
}
