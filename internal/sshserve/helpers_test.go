package sshserve

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

// echoModel shows what it was typed and its window size.
type echoModel struct {
	typed  string
	w, h   int
	device string
	sized  func(w, h int) // told every window size
}

func (m *echoModel) Init() tea.Cmd { return nil }

func (m *echoModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.sized(m.w, m.h)
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
	logs     *sshtest.Buffer // the server's log
	mu       sync.Mutex
	terms    []*Terminal
	finished int
	size     string // the last window size a program was told, "WxH"
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
	ts.logs = &sshtest.Buffer{}
	cfg := Config{Listen: "127.0.0.1:0", AuthorizedKeys: ts.keysFile, HostKey: filepath.Join(dir, "data", "host_key"),
		DataDir: filepath.Join(dir, "data"), App: ts.app, Logger: slog.New(slog.NewTextHandler(ts.logs, nil))}
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
	sized := func(w, h int) {
		ts.mu.Lock()
		ts.size = fmt.Sprintf("%dx%d", w, h)
		ts.mu.Unlock()
	}
	p := tea.NewProgram(&echoModel{device: term.DeviceName, sized: sized}, term.Options...)
	return p, func() {
		ts.mu.Lock()
		ts.finished++
		ts.mu.Unlock()
	}, nil
}

// serveOneKey serves to one key named comment and logs in with it.
func serveOneKey(t *testing.T, comment string, edit func(*Config)) (*testServer, *gossh.Client) {
	t.Helper()
	signer, line := sshtest.NewKey(t, comment)
	ts := startServer(t, []string{line}, edit)
	return ts, ts.login(t, signer)
}

// login connects with signer's key, which must be let in; the
// connection is closed at the end of the test.
func (ts *testServer) login(t *testing.T, signer gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := ts.dial(gossh.PublicKeys(signer))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// dial connects with auth, trusting only the server's host key.
func (ts *testServer) dial(auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return sshtest.Dial(ts.addr, gossh.FixedHostKey(ts.signer.PublicKey()), auth...)
}

// waitLog waits until the server's log holds want.
func (ts *testServer) waitLog(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(sshtest.Deadline)
	for !strings.Contains(ts.logs.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the log never held %q:\n%s", want, ts.logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitSize waits until a program was last told the window size want
// ("WxH").
func (ts *testServer) waitSize(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(sshtest.Deadline)
	for {
		ts.mu.Lock()
		got := ts.size
		ts.mu.Unlock()
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the program's window is %s, want %s", got, want)
		}
		time.Sleep(5 * time.Millisecond)
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
