package config

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/internal/termsafe"
)

// loadWithin runs Load and fails the test when it does not return within
// limit (a FIFO read would block forever, deaf to signals).
func loadWithin(t *testing.T, limit time.Duration, opts Options) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := Load(context.Background(), opts)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("Load did not return within %s", limit)
		return nil
	}
}

// allocatedBy returns how many bytes f allocated on the heap.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestTokenFileFIFOWithoutWriterFailsAtOnce(t *testing.T) {
	p := testEnv(t, "[profiles.default]\nurl = \"wss://h/ws\"\ntoken_file = \"fifo\"\n")
	fifo := filepath.Join(p.ConfigDir, "fifo")
	mkfifo(t, fifo)
	err := loadWithin(t, 5*time.Second, Options{})
	want := `profile "default": token_file: ` + fifo + ` is a named pipe (FIFO), not a regular file`
	if err == nil || err.Error() != want {
		t.Fatalf("err\n got: %v\nwant: %s", err, want)
	}
}

func TestConfigFileFIFOFailsAtOnce(t *testing.T) {
	p := testEnv(t, "")
	if err := os.MkdirAll(p.ConfigDir, 0o700); err != nil {
		t.Fatal(err)
	}
	mkfifo(t, p.ConfigFile)
	err := loadWithin(t, 5*time.Second, Options{})
	want := "read config: " + p.ConfigFile + " is a named pipe (FIFO), not a regular file"
	if err == nil || err.Error() != want {
		t.Fatalf("err\n got: %v\nwant: %s", err, want)
	}
}

func TestTokenFileDevZeroRefusedWithoutReading(t *testing.T) {
	testEnv(t, "[profiles.default]\ntoken_file = \"/dev/zero\"\n")
	var err error
	alloc := allocatedBy(func() { err = loadWithin(t, 5*time.Second, Options{}) })
	want := `profile "default": token_file: /dev/zero is a device, not a regular file`
	if err == nil || err.Error() != want {
		t.Fatalf("err\n got: %v\nwant: %s", err, want)
	}
	if alloc > 1<<20 {
		t.Fatalf("refusing /dev/zero allocated %d bytes", alloc)
	}
}

func TestTokenFileSizeCap(t *testing.T) {
	p := testEnv(t, "[profiles.default]\ntoken_file = \"tok\"\n")
	tok := filepath.Join(p.ConfigDir, "tok")

	writeFile(t, tok, strings.Repeat("k", MaxTokenSize), 0o600)
	c, err := load(t, Options{})
	if err != nil || len(c.Token.Reveal()) != MaxTokenSize {
		t.Fatalf("a token of exactly %d bytes: %v", MaxTokenSize, err)
	}

	writeFile(t, tok, strings.Repeat("k", MaxTokenSize+1), 0o600)
	_, err = load(t, Options{})
	want := `profile "default": token_file: ` + tok + ` is larger than 64 KiB`
	if err == nil || err.Error() != want {
		t.Fatalf("err\n got: %v\nwant: %s", err, want)
	}
}

func TestTokenCommandFloodIsCappedAndKilled(t *testing.T) {
	tests := []struct{ name, command, want string }{
		{"yes", "yes", `token_command "yes" printed more than 64 KiB on stdout (stopped); a token is a short line`},
		{"2 GB", "head -c 2G /dev/zero", `token_command "head -c 2G /dev/zero" printed more than 64 KiB on stdout (stopped); a token is a short line`},
		{"pipeline", "cat /dev/zero | cat", `token_command "cat /dev/zero | cat" printed more than 64 KiB on stdout (stopped); a token is a short line`},
		{"stderr", "yes boom >&2", `token_command "yes boom >&2" printed more than 64 KiB on stderr (stopped): boom boom`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testEnv(t, "[profiles.default]\ntoken_command = \""+tt.command+"\"\n")
			var err error
			start := time.Now()
			// A long timeout: the cap, not the timer, must stop the command.
			alloc := allocatedBy(func() { err = loadWithin(t, 20*time.Second, Options{TokenTimeout: time.Minute}) })
			if err == nil || !strings.HasPrefix(err.Error(), `profile "default": `+tt.want) {
				t.Fatalf("err\n got: %v\nwant: %s", err, tt.want)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("took %s", d)
			}
			if alloc > 16<<20 {
				t.Fatalf("the flood allocated %d MiB", alloc>>20)
			}
		})
	}
}

func TestTokenCommandStderrIsSanitised(t *testing.T) {
	testEnv(t, `[profiles.default]`+"\n"+`token_command = "printf '\\033]0;PWN\\007\\033[2J\\033[31mlocked\\n' >&2; exit 1"`+"\n")
	_, err := load(t, Options{})
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.HasSuffix(msg, ": exit status 1: ␛]0;PWN␇␛[2J␛[31mlocked") {
		t.Fatalf("stderr not shown as placeholders: %q", msg)
	}
	if err := termsafe.Verify(msg); err != nil {
		t.Fatalf("error message reaches the terminal raw: %v", err)
	}
}
