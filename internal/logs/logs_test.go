package logs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

const token = "sk-live-TOKEN-0123456789"

func hello(tok string) []byte {
	return []byte(`{"v":1,"type":"hello","payload":{"token":"` + tok + `","device_id":"dev_1"}}`)
}

// allLogs returns the content of the log file and its rotated siblings.
func allLogs(t *testing.T, path string) string {
	t.Helper()
	matches, err := filepath.Glob(path + "*")
	if err != nil || len(matches) == 0 {
		t.Fatalf("no log files: %v", err)
	}
	var b strings.Builder
	for _, m := range matches {
		b.WriteString(readFile(t, m))
	}
	return b.String()
}

// TestTokenNeverInLogFile drives every path by which the token could reach
// the file, with --debug-content on, and greps the file.
func TestTokenNeverInLogFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	l, err := Open(Options{Path: path, Debug: true, DebugContent: true})
	if err != nil {
		t.Fatal(err)
	}
	l.AddSecret(token)
	frames := l.Frames()
	frames(true, hello(token))
	frames(false, []byte(`{"type":"message.update","payload":{"text":"user pasted `+token+` here"}}`))
	frames(true, hello(token)[:30]) // truncated: only the length
	l.Logger.Info("dial", "token", token, "url", "wss://h/ws")
	l.Logger.Info("oops " + token)
	l.Logger.Debug("content kept", "text", "hello world")
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	if strings.Contains(got, token) || strings.Contains(got, "TOKEN-0123") {
		t.Fatalf("token in log file:\n%s", got)
	}
	for _, want := range []string{"user pasted [redacted] here", "hello world", "token=[redacted]", `\"token\":\"[redacted]\"`, "len=30"} {
		if !strings.Contains(got, want) {
			t.Errorf("log lacks %q:\n%s", want, got)
		}
	}
}

func TestLevelsAndFramesOff(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	l, err := Open(Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	l.Frames()(true, hello("abc-secret"))
	l.Logger.Debug("hidden")
	l.Logger.Info("shown")
	l.AddSecret("ab") // too short to scrub
	l.Logger.Info("ab stays")
	l.Close()
	got := readFile(t, path)
	if strings.Contains(got, "frame") || strings.Contains(got, "hidden") || !strings.Contains(got, "shown") || !strings.Contains(got, "ab stays") {
		t.Fatalf("log:\n%s", got)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %04o", st.Mode().Perm())
	}
}

func TestDebugWithoutContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	l, err := Open(Options{Path: path, Debug: true})
	if err != nil {
		t.Fatal(err)
	}
	l.Frames()(false, []byte(`{"type":"message.stop","payload":{"final_text":"secret plan"}}`))
	l.Close()
	got := readFile(t, path)
	if strings.Contains(got, "secret plan") || !strings.Contains(got, `[11 chars]`) {
		t.Fatalf("log:\n%s", got)
	}
}

// TestConcurrentLoggingRotates writes from many goroutines through a small
// rotating log: run with -race; every line must come out whole.
func TestConcurrentLoggingRotates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	l, err := Open(Options{Path: path, Debug: true, MaxSize: 4 << 10, MaxFiles: 50})
	if err != nil {
		t.Fatal(err)
	}
	frames := l.Frames()
	var wg sync.WaitGroup
	const workers, each = 8, 200
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				if i%2 == 0 {
					frames(i%4 == 0, hello(token))
				} else {
					l.Logger.Info("event", "worker", g, "i", i)
				}
				if i == 50 {
					l.AddSecret(fmt.Sprintf("worker-%d-secret", g))
				}
			}
		}()
	}
	wg.Wait()
	l.Close()
	got := allLogs(t, path)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != workers*each {
		t.Fatalf("%d lines, want %d", len(lines), workers*each)
	}
	for _, line := range lines {
		if !strings.HasPrefix(line, "time=") || strings.Count(line, "time=") != 1 {
			t.Fatalf("torn line %q", line)
		}
	}
	if strings.Contains(got, token) {
		t.Fatal("token in log")
	}
	if n, _ := filepath.Glob(path + ".*"); len(n) < 5 {
		t.Fatalf("only %d rotated files; rotation not exercised", len(n))
	}
}

func TestOpenFails(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o600)
	if _, err := Open(Options{Path: filepath.Join(blocker, "iris.log")}); err == nil {
		t.Fatal("Open under a file succeeded")
	}
}
