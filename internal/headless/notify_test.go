package headless

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"
)

// nopCloser is a terminal that records what is written to it.
type nopCloser struct{ *bytes.Buffer }

func (nopCloser) Close() error { return nil }

// fakeSystem offers the commands in have; run records the calls.
func fakeSystem(goos string, have []string, tty *bytes.Buffer) (notifySystem, *[][]string) {
	var calls [][]string
	return notifySystem{
		goos: goos,
		lookPath: func(name string) (string, error) {
			if slices.Contains(have, name) {
				return "/usr/bin/" + name, nil
			}
			return "", errors.New("not found")
		},
		run: func(name string, args ...string) error {
			calls = append(calls, append([]string{name}, args...))
			return nil
		},
		tty: func() (io.WriteCloser, error) {
			if tty == nil {
				return nil, errors.New("no tty")
			}
			return nopCloser{tty}, nil
		},
	}, &calls
}

func TestSystemNotifierPrefersNotifySend(t *testing.T) {
	sys, calls := fakeSystem("linux", []string{"notify-send", "osascript"}, &bytes.Buffer{})
	if err := sys.pick()("Iris · Default", "an approval waits: rm\x1b[2J -rf"); err != nil {
		t.Fatal(err)
	}
	want := []string{"/usr/bin/notify-send", "--app-name=Iris", "--", "Iris · Default", "an approval waits: rm␛[2J -rf"}
	if len(*calls) != 1 || !slices.Equal((*calls)[0], want) {
		t.Fatalf("calls %q, want %q", *calls, want)
	}
}

func TestSystemNotifierUsesOsascriptOnMacOS(t *testing.T) {
	sys, calls := fakeSystem("darwin", []string{"osascript"}, nil)
	if err := sys.pick()(`Iris · "Ops"`, `reply finished: say \"hi\"`); err != nil {
		t.Fatal(err)
	}
	want := []string{"/usr/bin/osascript", "-e", `display notification "reply finished: say \\\"hi\\\"" with title "Iris · \"Ops\""`}
	if len(*calls) != 1 || !slices.Equal((*calls)[0], want) {
		t.Fatalf("calls %q, want %q", *calls, want)
	}
}

func TestSystemNotifierFallsBackToTheTerminal(t *testing.T) {
	var tty bytes.Buffer
	sys, calls := fakeSystem("linux", nil, &tty)
	if err := sys.pick()("Iris · Default", "reply finished"); err != nil {
		t.Fatal(err)
	}
	if len(*calls) != 0 || tty.String() != "\a\x1b]9;Iris · Default: reply finished\x07\x1b]777;notify;Iris · Default;reply finished\x07" {
		t.Fatalf("calls %q, tty %q", *calls, tty.String())
	}
	sys, _ = fakeSystem("linux", nil, nil)
	if err := sys.pick()("t", "b"); !errors.Is(err, errNoNotifier) {
		t.Fatalf("without a terminal: %v", err)
	}
}
