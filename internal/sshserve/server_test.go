package sshserve

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

func TestSessionGetsAProgramOnThePty(t *testing.T) {
	ts, c := serveOneKey(t, "alice@tablet", nil)
	tm := sshtest.OpenTerm(t, c, 90, 30, nil)
	tm.Out.WaitFor(t, "device=alice@tablet typed= size=90x30")
	tm.Type("hi")
	tm.Out.WaitFor(t, "typed=hi")

	// A resize reaches the program.
	tm.Resize(t, 120, 40)
	tm.Out.WaitFor(t, "size=120x40")

	ts.mu.Lock()
	term := ts.terms[0]
	ts.mu.Unlock()
	if term.Slot != 1 || !strings.HasPrefix(term.DataDir, filepath.Join(filepath.Dir(ts.keysFile), "data", "ssh-keys")) {
		t.Errorf("slot %d, data dir %s", term.Slot, term.DataDir)
	}
	if got := term.Getenv("TERM"); got != "xterm-256color" {
		t.Errorf("TERM = %q", got)
	}
}

func TestHostKeyIsCreatedOwnerOnlyAndKept(t *testing.T) {
	_, line := sshtest.NewKey(t, "k")
	ts := startServer(t, []string{line}, nil)
	if !ts.HostKeyCreated() || !strings.HasPrefix(ts.HostKeyFingerprint(), "SHA256:") {
		t.Fatalf("created %v, fingerprint %q", ts.HostKeyCreated(), ts.HostKeyFingerprint())
	}
	fi, err := os.Stat(ts.cfg.HostKey)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("host key mode %v, want 0600", fi.Mode().Perm())
	}
	again, err := New(ts.cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again.HostKeyCreated() || again.HostKeyFingerprint() != ts.HostKeyFingerprint() {
		t.Errorf("second start made a new host key: %s vs %s", again.HostKeyFingerprint(), ts.HostKeyFingerprint())
	}
}

func TestMissingOrEmptyAuthorizedKeysRefusesToStart(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("# nothing yet\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "missing"), empty} {
		_, err := New(Config{AuthorizedKeys: path, HostKey: filepath.Join(dir, "hk"), DataDir: dir})
		if err == nil || !strings.Contains(err.Error(), "cat ~/.ssh/id_ed25519.pub >> "+path) {
			t.Errorf("%s: err %v, want advice on adding a key", path, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "hk")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a host key was made for a server that refused to start")
	}
}

func TestKeysWithOptionsAreSkipped(t *testing.T) {
	signer, line := sshtest.NewKey(t, "restricted")
	_, ok := sshtest.NewKey(t, "ok")
	ts := startServer(t, []string{`from="10.0.0.1" ` + line, ok}, nil)
	if len(ts.Warnings()) != 1 || !strings.Contains(ts.Warnings()[0], "from=") {
		t.Errorf("warnings %q", ts.Warnings())
	}
	if _, err := ts.dial(gossh.PublicKeys(signer)); err == nil {
		t.Error("a key with options was let in")
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:2222": true, "[::1]:22": true, "localhost:2222": true,
		"0.0.0.0:2222": false, ":2222": false, "192.168.1.4:22": false} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v", addr, got)
		}
	}
}

func TestNoKeyIsWrittenIntoTheWorkingDirectory(t *testing.T) {
	cwd := sshtest.StrayKeyDir(t)
	t.Chdir(cwd)
	ts, c := serveOneKey(t, "k", nil)
	sshtest.OpenTerm(t, c, 80, 24, nil).Out.WaitFor(t, "typed=")
	if _, err := os.Stat(ts.cfg.HostKey); err != nil {
		t.Errorf("the host key is not in the state dir: %v", err)
	}
	sshtest.AssertUntouched(t, cwd)
}
