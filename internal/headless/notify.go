package headless

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"github.com/hermes/iris/internal/termsafe"
)

// Notifier raises one desktop notification. Texts may come from the wire:
// the notifier sanitises them.
type Notifier func(title, body string) error

// errNoNotifier means no way to notify was found.
var errNoNotifier = errors.New("no way to raise a desktop notification: install notify-send (libnotify), or run iris tail --notify in a terminal")

// notifySystem is what SystemNotifier looks at; tests replace it.
type notifySystem struct {
	goos     string
	lookPath func(string) (string, error)
	run      func(name string, args ...string) error
	tty      func() (io.WriteCloser, error) // the controlling terminal
}

// SystemNotifier returns the first way to notify this machine offers:
// notify-send, osascript on macOS, else the terminal's OSC 9 through
// /dev/tty when there is one.
func SystemNotifier() Notifier {
	return notifySystem{
		goos: runtime.GOOS, lookPath: exec.LookPath,
		run: func(name string, args ...string) error { return exec.Command(name, args...).Run() },
		tty: func() (io.WriteCloser, error) { return os.OpenFile("/dev/tty", os.O_WRONLY, 0) },
	}.pick()
}

func (sys notifySystem) pick() Notifier {
	if path, err := sys.lookPath("notify-send"); err == nil {
		return func(title, body string) error {
			return sys.run(path, "--app-name=Iris", "--", termsafe.Notify(title, 60), termsafe.Notify(body, 160))
		}
	}
	if path, err := sys.lookPath("osascript"); err == nil && sys.goos == "darwin" {
		return func(title, body string) error {
			script := "display notification " + appleQuote(termsafe.Notify(body, 160)) + " with title " + appleQuote(termsafe.Notify(title, 60))
			return sys.run(path, "-e", script)
		}
	}
	return func(title, body string) error {
		tty, err := sys.tty()
		if err != nil {
			return errNoNotifier
		}
		defer tty.Close()
		_, err = io.WriteString(tty, termsafe.Desktop(title, body))
		return err
	}
}

// appleQuote quotes s as an AppleScript string literal.
func appleQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
