package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A syntax error in the config file ends the binary with exit code 3 and a
// message naming the file, the line and the key.
func TestConfigSyntaxErrorExitCode(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.xdg["XDG_CONFIG_HOME"], "iris", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	body := "default_profile = \"work\"\n\n[profiles.work]\nurl = \"ws://127.0.0.1:1/\"\ntheme = dark\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out := e.exec()
	if code != 3 {
		t.Fatalf("exit code %d, want 3; output:\n%s", code, out)
	}
	for _, want := range []string{path + ":5:", "profiles.work.theme"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the message lacks %q:\n%s", want, out)
		}
	}
}

// A token_file that is a named pipe with no writer used to block the open
// forever, deaf to Ctrl+C; now both config check and a plain start refuse it
// at once with exit code 3, naming the file.
func TestFIFOTokenFileFailsAtOnce(t *testing.T) {
	e := newEnv(t)
	dir := filepath.Join(e.xdg["XDG_CONFIG_HOME"], "iris")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "token.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	body := "[profiles.default]\nurl = \"ws://127.0.0.1:1/\"\ntoken_file = \"token.fifo\"\n"
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	want := "token_file: " + fifo + " is a named pipe (FIFO), not a regular file"
	for _, args := range [][]string{{"config", "check"}, {}} {
		start := time.Now()
		code, out := e.exec(args...)
		if code != 3 || !strings.Contains(out, want) {
			t.Fatalf("iris %v: exit code %d, output:\n%s\nwant 3 and %q", args, code, out, want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("iris %v took %s", args, d)
		}
	}
}
