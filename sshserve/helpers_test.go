package sshserve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// newKey makes a client key pair and its authorized_keys line.
func newKey(t *testing.T, comment string) (gossh.Signer, string) {
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

// echoModel shows what it was typed and its window size.
type echoModel struct {
	typed  string
	w, h   int
	device string
}

func (m *echoModel) Init() tea.Cmd { return nil }

func (m *echoModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case tea.KeyPressMsg:
		m.typed += msg.Text
	}
	return m, nil
}

func (m *echoModel) View() tea.View {
	return tea.NewView(fmt.Sprintf("device=%s typed=%s size=%dx%d", m.device, m.typed, m.w, m.h))
}

// testServer is a running Server with an echo App.
type testServer struct {
	*Server
	addr     string
	keysFile string
	mu       sync.Mutex
	terms    []*Terminal
	finished int
}

// startServer serves with the given authorized_keys lines; edit adjusts
// the Config.
func startServer(t *testing.T, lines []string, edit func(*Config)) *testServer {
	t.Helper()
	dir := t.TempDir()
	ts := &testServer{keysFile: filepath.Join(dir, "authorized_keys")}
	if err := os.WriteFile(ts.keysFile, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Listen: "127.0.0.1:0", AuthorizedKeys: ts.keysFile, HostKey: filepath.Join(dir, "data", "host_key"),
		DataDir: filepath.Join(dir, "data"), App: ts.app}
	if edit != nil {
		edit(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts.Server = s
	addr, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	ts.addr = addr.String()
	done := make(chan error, 1)
	go func() { done <- s.Serve() }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return ts
}

func (ts *testServer) app(_ context.Context, term *Terminal) (*tea.Program, func(), error) {
	ts.mu.Lock()
	ts.terms = append(ts.terms, term)
	ts.mu.Unlock()
	p := tea.NewProgram(&echoModel{device: term.DeviceName}, term.Options...)
	return p, func() {
		ts.mu.Lock()
		ts.finished++
		ts.mu.Unlock()
	}, nil
}

// dial connects with auth, trusting only the server's host key.
func (ts *testServer) dial(auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User: "me", Auth: auth, Timeout: 5 * time.Second,
		HostKeyCallback: gossh.FixedHostKey(ts.signer.PublicKey()),
	})
}

// screen is the client's terminal: an emulator that draws the session's
// output and answers its queries (background colour, ...) on stdin.
type screen struct {
	mu  sync.Mutex
	emu *vt.Emulator
	all bytes.Buffer
}

func newScreen(w, h int) *screen { return &screen{emu: vt.NewEmulator(w, h)} }

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all.Write(p)
	return s.emu.Write(p)
}

// resize changes the emulator's size.
func (s *screen) resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.emu.Resize(w, h)
}

// text is what the screen shows.
func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.emu.String()
}

// raw is all the output so far, escape sequences included.
func (s *screen) raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.all.String()
}

// waitFor polls the screen for want until a deadline.
func (s *screen) waitFor(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(s.text(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("screen never showed %q; it shows:\n%s", want, s.text())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// term is an interactive session with a pty.
type term struct {
	sess *gossh.Session
	out  *screen
}

// typeText types s on the terminal's keyboard.
func (tm *term) typeText(s string) { tm.out.emu.SendText(s) }

// resize resizes the client's window.
func (tm *term) resize(t *testing.T, w, h int) {
	t.Helper()
	tm.out.resize(w, h)
	if err := tm.sess.WindowChange(h, w); err != nil {
		t.Fatal(err)
	}
}

// openTerm opens a pty session of w×h running the shell (Iris).
func openTerm(t *testing.T, c *gossh.Client, w, h int, env map[string]string) *term {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	for k, v := range env {
		if err := sess.Setenv(k, v); err != nil {
			t.Fatalf("setenv %s: %v", k, err)
		}
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := newScreen(w, h)
	go io.Copy(in, out.emu) // the terminal's answers to queries, and what is typed
	sess.Stdout = out
	sess.Stderr = out
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return &term{sess: sess, out: out}
}

// waitDone waits for the session to end.
func (tm *term) waitDone(t *testing.T) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the session did not end; it shows:\n%s", tm.out.text())
	}
}

// writeKeys replaces the authorized keys file.
func writeKeys(t *testing.T, path string, lines ...string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// waitFinished waits until n sessions have finished.
func (ts *testServer) waitFinished(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ts.mu.Lock()
		got := ts.finished
		ts.mu.Unlock()
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions finished, want %d", got, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
