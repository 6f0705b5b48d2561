package media

import (
	"os/exec"
	"path/filepath"
	"runtime"
)

// DefaultOpener is the system command that opens a file with the user's
// preferred application: open on macOS, xdg-open elsewhere.
func DefaultOpener() string {
	if runtime.GOOS == "darwin" {
		return "open"
	}
	return "xdg-open"
}

// OpenCmd returns the command that opens path with opener. No shell is
// involved and the path is one argument, made absolute so it can never be
// read as an option. Stdin, stdout and stderr stay nil (the null device), so
// the opener cannot write over the TUI; run it from a tea.Cmd with Start (or
// Run: xdg-open and open return once the application is launched). A missing
// opener surfaces as the error of Start.
func OpenCmd(opener, path string) *exec.Cmd {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = "./" + path
	}
	return exec.Command(opener, abs)
}
