// Package sshtest is an SSH client for tests of Iris served over SSH: a
// key pair, a pty session drawn on a virtual terminal that answers the
// program's queries, typing and resizing.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/hermes/iris/internal/simtest"
	gossh "golang.org/x/crypto/ssh"
)

// Deadline bounds every wait.
const Deadline = 15 * time.Second

// NewKey makes a client key pair and its authorized_keys line.
func NewKey(t testing.TB, comment string) (gossh.Signer, string) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(sp)))
	if comment != "" {
		line += " " + comment
	}
	return signer, line
}

// WriteKeys writes an authorized keys file.
func WriteKeys(t testing.TB, path string, lines ...string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Dial connects to addr with auth, checking the host key with hostKey.
func Dial(addr string, hostKey gossh.HostKeyCallback, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "me", Auth: auth, Timeout: Deadline, HostKeyCallback: hostKey,
	})
}

// Buffer is an output written by one goroutine and read by the test.
type Buffer = simtest.Buffer

// Screen is the client's terminal: an emulator that draws the session's
// output and answers its queries (background colour, ...) on stdin.
type Screen struct {
	mu  sync.Mutex
	emu *vt.Emulator
	all bytes.Buffer
}

// Write draws session output.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all.Write(p)
	return s.emu.Write(p)
}

// Text is what the screen shows.
func (s *Screen) Text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.emu.String()
}

// Raw is all the output so far, escape sequences included.
func (s *Screen) Raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.all.String()
}

// WaitFor polls the screen until it shows every one of want.
func (s *Screen) WaitFor(t testing.TB, want ...string) string {
	t.Helper()
	deadline := time.Now().Add(Deadline)
	for {
		text := s.Text()
		if containsAll(text, want) {
			return text
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %q; it shows:\n%s", want, text)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// WaitUntil polls the screen until ok accepts it.
func (s *Screen) WaitUntil(t testing.TB, what string, ok func(screen string) bool) string {
	t.Helper()
	deadline := time.Now().Add(Deadline)
	for {
		text := s.Text()
		if ok(text) {
			return text
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %s; it shows:\n%s", what, text)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func containsAll(s string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// Term is an interactive session with a pty.
type Term struct {
	Sess *gossh.Session
	Out  *Screen
}

// OpenTerm opens a w×h pty session running the shell (Iris), with env
// sent first (TERM, default xterm-256color, goes in the pty request), on
// a terminal with a black background.
func OpenTerm(t testing.TB, c *gossh.Client, w, h int, env map[string]string) *Term {
	t.Helper()
	return OpenTermOn(t, c, w, h, env, color.Black)
}

// OpenTermOn is OpenTerm on a terminal whose background is bg (what it
// answers when the program asks).
func OpenTermOn(t testing.TB, c *gossh.Client, w, h int, env map[string]string, bg color.Color) *Term {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	term := "xterm-256color"
	for k, v := range env {
		if k == "TERM" {
			term = v
			continue
		}
		if err := sess.Setenv(k, v); err != nil {
			t.Fatalf("setenv %s: %v", k, err)
		}
	}
	if err := sess.RequestPty(term, h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := &Screen{emu: vt.NewEmulator(w, h)}
	out.emu.SetDefaultBackgroundColor(bg)
	go io.Copy(in, out.emu) // the terminal's answers to queries, and what is typed
	sess.Stdout = out
	sess.Stderr = out
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return &Term{Sess: sess, Out: out}
}

// Type types s on the terminal's keyboard.
func (tm *Term) Type(s string) { tm.Out.emu.SendText(s) }

// Resize resizes the client's window.
func (tm *Term) Resize(t testing.TB, w, h int) {
	t.Helper()
	tm.Out.mu.Lock()
	tm.Out.emu.Resize(w, h)
	tm.Out.mu.Unlock()
	if err := tm.Sess.WindowChange(h, w); err != nil {
		t.Fatal(err)
	}
}

// WaitDone waits for the session to end.
func (tm *Term) WaitDone(t testing.TB) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.Sess.Wait() }()
	select {
	case <-done:
	case <-time.After(Deadline):
		t.Fatalf("the session did not end; it shows:\n%s", tm.Out.Text())
	}
}

// StrayKeyDir is a fresh working directory holding what wish would trip
// over: a passphrase-protected id_ed25519. A server started there must
// start and leave the directory as it was (see AssertUntouched).
func StrayKeyDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKeyWithPassphrase(priv, "someone's key", []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "id_ed25519"), pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// AssertUntouched fails unless dir (from StrayKeyDir) holds only its
// id_ed25519.
func AssertUntouched(t testing.TB, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "id_ed25519" {
		t.Errorf("the working directory holds %q, want only the id_ed25519 that was there", names)
	}
}
