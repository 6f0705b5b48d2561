package media

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestDefaultOpener(t *testing.T) {
	want := "xdg-open"
	if runtime.GOOS == "darwin" {
		want = "open"
	}
	if got := DefaultOpener(); got != want {
		t.Fatalf("DefaultOpener = %s, want %s", got, want)
	}
}

func TestOpenCmdArgs(t *testing.T) {
	cmd := OpenCmd("xdg-open", "-rf; rm x")
	wd, _ := os.Getwd()
	want := filepath.Join(wd, "-rf; rm x")
	if len(cmd.Args) != 2 || cmd.Args[0] != "xdg-open" || cmd.Args[1] != want {
		t.Fatalf("Args = %q, want [xdg-open %q]", cmd.Args, want)
	}
	if cmd.Stdout != nil || cmd.Stderr != nil || cmd.Stdin != nil {
		t.Fatal("opener is wired to the terminal")
	}
}

func TestOpenCmdRunsInjectedOpener(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "got")
	opener := filepath.Join(dir, "fake-open")
	script := "#!/bin/sh\nprintf '%s|%s' \"$#\" \"$1\" > '" + out + "'\n"
	if err := os.WriteFile(opener, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "a file; $(touch pwned) `x`.png")
	if err := OpenCmd(opener, target).Run(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "1|"+target {
		t.Fatalf("opener saw %q, want one argument %q", b, target)
	}
	if _, err := os.Stat("pwned"); err == nil {
		t.Fatal("a shell interpreted the path")
	}
}

func TestOpenCmdMissingOpener(t *testing.T) {
	if err := OpenCmd(filepath.Join(t.TempDir(), "no-such-opener"), "x").Start(); err == nil {
		t.Fatal("Start of a missing opener succeeded")
	}
}
