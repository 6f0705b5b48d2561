package app

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestHasTTY(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	none := func() (*os.File, error) { return nil, errors.New("no such device or address") }
	if hasTTY(r, none) {
		t.Fatal("a pipe without /dev/tty counted as a terminal")
	}
	some := func() (*os.File, error) { return os.Open(os.DevNull) }
	if !hasTTY(r, some) {
		t.Fatal("an openable controlling terminal was not used")
	}
}

// TestNoTTYGetsAHint: the client without a terminal says so in one line,
// without running the client.
func TestNoTTYGetsAHint(t *testing.T) {
	stdin, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var out strings.Builder
	ran := false
	code := withTTY(stdin, func() (*os.File, error) { return nil, errors.New("ENXIO") }, &out, func() int { ran = true; return exitOK })
	if code != exitUsage || ran {
		t.Fatalf("exit %d", code)
	}
	if out.String() != noTTYHint+"\n" {
		t.Fatalf("stderr %q", out.String())
	}
}
