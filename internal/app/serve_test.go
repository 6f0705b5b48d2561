package app

import (
	"context"
	"fmt"
	"image/color"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adrg/xdg"
	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/sshserve/sshtest"
	"github.com/hermes/iris/internal/store"
)

// served is iris serve --ssh running in-process against a seeded simulator.
type served struct {
	sim            *gatewaysim.Server
	addr           string
	hostKey        gossh.HostKeyCallback
	dataDir        string // the profile's data directory
	stdout, stderr *sshtest.Buffer
	stop           func() int // SIGTERM: cancels and returns the exit code
}

// xdgHomes points the XDG directories into a temporary directory and
// returns the config directory (where authorized_keys goes).
func xdgHomes(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, filepath.Join(root, strings.ToLower(v)))
	}
	dir := filepath.Join(root, "xdg_config_home", "iris")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}

// startServe authorizes keys and serves with extra flags.
func startServe(t testing.TB, keys []string, flags ...string) *served {
	t.Helper()
	cfgDir := xdgHomes(t)
	sshtest.WriteKeys(t, filepath.Join(cfgDir, "authorized_keys"), keys...)
	const token = "serve-token"
	sim := gatewaysim.New(gatewaysim.Config{Token: token, StreamInterval: 5 * time.Millisecond, Seed: true})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	opts, err := parseArgs(append([]string{"serve", "--ssh", "--listen", "127.0.0.1:0", "--url", url, "--token", token}, flags...))
	if err != nil {
		t.Fatal(err)
	}
	s := &served{sim: sim, stdout: &sshtest.Buffer{}, stderr: &sshtest.Buffer{}}
	ctx, cancel := context.WithCancel(context.Background())
	code := make(chan int, 1)
	go func() { code <- runServe(ctx, opts, s.stdout, s.stderr) }()
	var once sync.Once
	exit := -1
	s.stop = func() int {
		once.Do(func() {
			cancel()
			select {
			case exit = <-code:
			case <-time.After(sshtest.Deadline):
				t.Fatal("iris serve did not stop")
			}
		})
		return exit
	}
	t.Cleanup(func() { s.stop() })

	deadline := time.Now().Add(sshtest.Deadline)
	for !strings.Contains(s.stdout.String(), "serving Iris over SSH on ") {
		if time.Now().After(deadline) {
			t.Fatalf("iris serve did not start; stdout:\n%s\nstderr:\n%s", s.stdout, s.stderr)
		}
		time.Sleep(5 * time.Millisecond)
	}
	out := s.stdout.String()
	_, rest, _ := strings.Cut(out, "serving Iris over SSH on ")
	s.addr = strings.TrimSuffix(strings.Fields(rest)[0], ":")
	_, rest, _ = strings.Cut(out, "host key ")
	fp := strings.Fields(rest)[0]
	s.hostKey = func(_ string, _ net.Addr, key gossh.PublicKey) error {
		if got := gossh.FingerprintSHA256(key); got != fp {
			return fmt.Errorf("host key %s, printed %s", got, fp)
		}
		return nil
	}
	s.dataDir = filepath.Join(os.Getenv("XDG_DATA_HOME"), "iris")
	return s
}

// connect logs in with signer.
func (s *served) connect(t *testing.T, signer gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := sshtest.Dial(s.addr, s.hostKey, gossh.PublicKeys(signer))
	if err != nil {
		t.Fatalf("ssh: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// hello waits for the hello the gateway received from deviceName.
func (s *served) hello(t *testing.T, deviceName string) *frame.Hello {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), sshtest.Deadline)
	defer cancel()
	f, err := s.sim.WaitReceived(ctx, func(f frame.Frame) bool {
		h, ok := f.Payload.(*frame.Hello)
		return ok && h.DeviceName == deviceName
	})
	if err != nil {
		t.Fatalf("no hello from device %q: %v", deviceName, err)
	}
	return f.Payload.(*frame.Hello)
}

// servedOnline serves to one key (alice@ipad) and opens a 120×40 session
// showing the seeded conversation online.
func servedOnline(t *testing.T) (*served, *sshtest.Term, gossh.Signer) {
	t.Helper()
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line})
	tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, nil)
	tm.Out.WaitFor(t, "● online", seeded)
	return s, tm, signer
}

// seeded is text of the seeded conversation the default channel ends with.
const seeded = "Any failing tests? (#30)"

func TestServeSSHShowsTheDemoConversationAndSends(t *testing.T) {
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line})
	if !strings.Contains(s.stdout.String(), "new host key SHA256:") {
		t.Errorf("the new host key's fingerprint was not printed:\n%s", s.stdout)
	}
	fi, err := os.Stat(filepath.Join(s.dataDir, "default", hostKeyFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("host key in the profile's data dir: %v %v", fi, err)
	}
	tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, map[string]string{"COLORTERM": "truecolor"})
	tm.Out.WaitFor(t, "● online", "Channels", seeded)
	h := s.hello(t, "alice@ipad")
	if !strings.HasPrefix(h.DeviceID, "dev_") {
		t.Errorf("device id %q", h.DeviceID)
	}
	tm.Type("hello over ssh\r")
	tm.Out.WaitFor(t, "hello over ssh")
	ctx, cancel := context.WithTimeout(context.Background(), sshtest.Deadline)
	defer cancel()
	if _, err := s.sim.WaitReceived(ctx, func(f frame.Frame) bool {
		m, ok := f.Payload.(*frame.MessageSend)
		return ok && m.Text == "hello over ssh"
	}); err != nil {
		t.Fatalf("the gateway never got the message: %v", err)
	}
	if !strings.Contains(tm.Out.Raw(), "\x1b[38;2;") {
		t.Error("COLORTERM=truecolor from the session did not give 24-bit colour")
	}
}

// Each session's theme follows its own terminal's background.
func TestServeSSHThemeFromTheClientsBackground(t *testing.T) {
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line})
	c := s.connect(t, signer)
	env := map[string]string{"COLORTERM": "truecolor"}
	light := sshtest.OpenTermOn(t, c, 120, 40, env, color.White)
	dark := sshtest.OpenTermOn(t, c, 120, 40, env, color.Black)
	const lightPrimary, darkPrimary = "38;2;46;91;186", "38;2;122;162;247" // themes' primary tones
	for _, tm := range []*sshtest.Term{light, dark} {
		tm.Out.WaitFor(t, "● online", seeded)
	}
	light.Out.WaitUntil(t, "the light theme", func(string) bool { return strings.Contains(light.Out.Raw(), lightPrimary) })
	dark.Out.WaitUntil(t, "the dark theme", func(string) bool { return strings.Contains(dark.Out.Raw(), darkPrimary) })
	if strings.Contains(dark.Out.Raw(), lightPrimary) {
		t.Error("the dark terminal got the light theme")
	}
}

func TestServeSSHTwoSessionsAndAResize(t *testing.T) {
	alice, aliceLine := sshtest.NewKey(t, "alice@ipad")
	bob, bobLine := sshtest.NewKey(t, "bob@work")
	s := startServe(t, []string{aliceLine, bobLine})
	c := s.connect(t, alice)
	a1 := sshtest.OpenTerm(t, c, 120, 40, nil)
	a2 := sshtest.OpenTerm(t, c, 110, 36, nil)
	b := sshtest.OpenTerm(t, s.connect(t, bob), 120, 40, nil)
	for _, tm := range []*sshtest.Term{a1, a2, b} {
		tm.Out.WaitFor(t, "● online", "Channels", seeded)
	}
	ids := map[string]bool{}
	for _, name := range []string{"alice@ipad", "alice@ipad (2)", "bob@work"} {
		ids[s.hello(t, name).DeviceID] = true
	}
	if len(ids) != 3 {
		t.Errorf("three sessions share device ids: %v", ids)
	}

	// Each session types into its own composer.
	a1.Type("first draft")
	a2.Type("second draft")
	a1.Out.WaitFor(t, "first draft")
	a2.Out.WaitFor(t, "second draft")
	if strings.Contains(a1.Out.Text(), "second draft") || strings.Contains(b.Out.Text(), "first draft") {
		t.Error("one session's typing reached another")
	}

	// A narrow window collapses the sidebar; widening brings it back.
	a1.Resize(t, 80, 30)
	a1.Out.WaitUntil(t, "the sidebar collapsed", func(s string) bool {
		return !strings.Contains(s, "Channels") && strings.Contains(s, "first draft")
	})
	a1.Resize(t, 130, 40)
	a1.Out.WaitFor(t, "Channels", "first draft")
	if !strings.Contains(a2.Out.Text(), "Channels") {
		t.Error("resizing one session changed another")
	}
}

func TestServeSSHSigtermSavesDraftsAndKeepsTheQueue(t *testing.T) {
	s, tm, signer := servedOnline(t)
	s.sim.Close() // the gateway goes away: what is sent now is queued
	tm.Out.WaitFor(t, "reconnecting")
	tm.Type("queued words\r")
	tm.Out.WaitFor(t, "queued words")
	tm.Type("unsent words")
	tm.Out.WaitFor(t, "unsent words")
	if code := s.stop(); code != exitOK {
		t.Fatalf("exit code %d; stderr:\n%s", code, s.stderr)
	}
	tm.WaitDone(t)

	stores, err := filepath.Glob(filepath.Join(s.dataDir, "default", "ssh-keys", "*", "1"))
	if err != nil || len(stores) != 1 {
		t.Fatalf("per-key stores %v (%v)", stores, err)
	}
	st, err := store.Open(stores[0], store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got := st.Draft(frame.Lane{ChatID: gatewaysim.DefaultChatID}); got != "unsent words" {
		t.Errorf("draft after SIGTERM %q", got)
	}
	if q := st.Outgoing(); len(q) != 1 || q[0].Text != "queued words" {
		t.Errorf("queue after SIGTERM %+v", q)
	}
	log, err := os.ReadFile(filepath.Join(os.Getenv("XDG_STATE_HOME"), "iris", "iris.log"))
	if err != nil {
		t.Fatal(err)
	}
	fp := gossh.FingerprintSHA256(signer.PublicKey())
	if !strings.Contains(string(log), "ssh: session start") || !strings.Contains(string(log), fp) {
		t.Errorf("the log lacks the session with its key fingerprint %s:\n%s", fp, log)
	}
	if strings.Contains(string(log), "serve-token") {
		t.Error("the token reached the log")
	}
}

func TestServeSSHAttachIsOffWithoutFiles(t *testing.T) {
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line})
	if !strings.Contains(s.stdout.String(), "attach is off") {
		t.Errorf("stdout does not say attach is off:\n%s", s.stdout)
	}
	tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, nil)
	tm.Out.WaitFor(t, "● online", seeded)
	tm.Type("/attach /etc/hostname\r")
	tm.Out.WaitFor(t, "attaching is off")
}

func TestServeRefusesToStartWithoutAuthorizedKeys(t *testing.T) {
	xdgHomes(t)
	var stdout, stderr sshtest.Buffer
	code := Run([]string{"serve", "--ssh", "--listen", "127.0.0.1:0", "--url", "ws://127.0.0.1:1/ws", "--token", "t"}, &stdout, &stderr)
	if code != exitConfig {
		t.Errorf("exit code %d, want %d", code, exitConfig)
	}
	want := "cat ~/.ssh/id_ed25519.pub >> " + filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "iris", "authorized_keys")
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}
}

func TestServeRefusesAMissingFilesDir(t *testing.T) {
	xdgHomes(t)
	var stdout, stderr sshtest.Buffer
	code := Run([]string{"serve", "--ssh", "--files", filepath.Join(t.TempDir(), "nope"), "--url", "ws://127.0.0.1:1/ws", "--token", "t"}, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "--files:") {
		t.Errorf("exit code %d, stderr %q", code, stderr.String())
	}
}

func TestServeWarnsWhenNotOnLoopback(t *testing.T) {
	_, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line}, "--listen", "0.0.0.0:0")
	if !strings.Contains(s.stderr.String(), "warning: listening on ") || !strings.Contains(s.stderr.String(), "alice@ipad") {
		t.Errorf("no warning naming the authorized keys:\n%s", s.stderr)
	}
}

// TestServeSSHDemoKeepsNothing: `iris serve --demo`, after a session that
// answered an approval (an audit entry), sent a message and logged, leaves
// no file in the XDG directories (but the authorized keys the test wrote)
// and removes its temporary directory, host key included.
func TestServeSSHDemoKeepsNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line}, "--demo")
	if !strings.Contains(s.stdout.String(), "new host key SHA256:") {
		t.Errorf("the demo kept a host key from an earlier run:\n%s", s.stdout)
	}
	tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, nil)
	tm.Out.WaitFor(t, "● online", seeded)
	tm.Type("please rm the build directory\r")
	tm.Out.WaitFor(t, "alt+p to answer")
	tm.Type("\x1bp")
	tm.Out.WaitFor(t, "Approve command?", "to answer ·")
	tm.Type("1")
	tm.Out.WaitFor(t, "◆ approved once")
	if len(s.sim.Received()) != 0 {
		t.Error("--demo talked to the configured gateway")
	}
	if code := s.stop(); code != exitOK {
		t.Fatalf("serve --demo exited %d; stderr:\n%s", code, s.stderr)
	}
	for _, v := range []string{"XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"} {
		_ = filepath.WalkDir(os.Getenv(v), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() != "authorized_keys" {
				t.Errorf("serve --demo left %s", path)
			}
			return nil
		})
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("serve --demo left %d entries in its temporary directory, e.g. %s", len(left), left[0].Name())
	}
}

func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve"},
		{"serve", "--ssh", "--max-sessions", "0"},
		{"serve", "--ssh", "--idle-timeout", "0s"},
		{"serve", "--ssh", "extra"},
		{"serve", "--ssh", "--theme", "pink"},
	} {
		if _, err := parseArgs(args); err == nil {
			t.Errorf("%q parsed", args)
		}
	}
	o, err := parseArgs([]string{"serve", "--ssh", "--files", "/srv/x", "--max-sessions", "3"})
	if err != nil {
		t.Fatal(err)
	}
	if o.cmd != cmdServe || o.listen != "127.0.0.1:2222" || o.serve.files != "/srv/x" || o.serve.maxSessions != 3 ||
		o.serve.idleTimeout != 30*time.Minute {
		t.Errorf("options %+v", o)
	}
}

// Previews follow the client's terminal: half blocks, or kitty graphics
// when its TERM says kitty.
func TestServeSSHPreviewsFollowTheClientsTerminal(t *testing.T) {
	signer, line := sshtest.NewKey(t, "alice@ipad")
	s := startServe(t, []string{line})
	c := s.connect(t, signer)
	plain := sshtest.OpenTerm(t, c, 120, 40, nil)
	kitty := sshtest.OpenTerm(t, c, 120, 40, map[string]string{"TERM": "xterm-kitty"})
	for _, tm := range []*sshtest.Term{plain, kitty} {
		tm.Out.WaitFor(t, "● online", seeded)
	}
	plain.Type("show me a chart\r")
	for _, tm := range []*sshtest.Term{plain, kitty} {
		tm.Out.WaitFor(t, "chart.png")
		tm.Type("\t[p") // focus the transcript, select the media, preview it
	}
	plain.Out.WaitFor(t, "▀▀▀▀")
	kitty.Out.WaitUntil(t, "a kitty image", func(string) bool { return strings.Contains(kitty.Out.Raw(), "\x1b_G") })
	if strings.Contains(plain.Out.Raw(), "\x1b_G") {
		t.Error("kitty graphics went to a terminal that is not kitty")
	}
}

func TestServeSSHOpenIsOffWithAReason(t *testing.T) {
	_, tm, _ := servedOnline(t)
	tm.Type("show me a chart\r")
	tm.Out.WaitFor(t, "chart.png")
	tm.Type("\t[o") // focus the transcript, select the media, open it
	tm.Out.WaitFor(t, "opening with an application is off over SSH")
}

// Over SSH the client's $EDITOR/$PAGER never run on the server: Ctrl+E and
// /view say why instead (an editor or a pager opens a shell).
func TestServeSSHStartsNoEditorOrPager(t *testing.T) {
	_, tm, _ := servedOnline(t)
	tm.Type("draft\x05") // ctrl+e
	tm.Out.WaitFor(t, "no editor: off over SSH")
	tm.Type("\x15/view\r") // ctrl+u clears the draft
	tm.Out.WaitFor(t, "no pager: off over SSH")
}

// Copy over SSH: Alt+Y writes OSC 52 to the session, so the text lands on
// the SSH client's clipboard.
func TestServeSSHCopyReachesTheClient(t *testing.T) {
	_, tm, _ := servedOnline(t)
	tm.Type("\x1by") // alt+y: copy the last reply
	tm.Out.WaitFor(t, "copied")
	// the status line and the clipboard sequence are written by separate flushes
	tm.Out.WaitUntil(t, "OSC 52 in the session's output", func(string) bool { return strings.Contains(tm.Out.Raw(), "\x1b]52;c;") })
}

func TestServeLeavesItsWorkingDirectoryAlone(t *testing.T) {
	cwd := sshtest.StrayKeyDir(t)
	t.Chdir(cwd)
	_, tm, _ := servedOnline(t)
	tm.Type("x")
	sshtest.AssertUntouched(t, cwd)
}

func TestServeSSHSavesEachKeysDownloadsApartOwnerOnly(t *testing.T) {
	alice, aliceLine := sshtest.NewKey(t, "alice@ipad")
	bob, bobLine := sshtest.NewKey(t, "bob@work")
	s := startServe(t, []string{aliceLine, bobLine})
	t.Setenv("XDG_DOWNLOAD_DIR", filepath.Join(t.TempDir(), "server-downloads")) // must stay empty
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	saved := func(signer gossh.Signer) string {
		t.Helper()
		tm := sshtest.OpenTerm(t, s.connect(t, signer), 120, 40, nil)
		tm.Out.WaitFor(t, "● online", "Channels")
		tm.Type("draw a chart\r")
		tm.Out.WaitFor(t, "chart.png")
		tm.Type("\t[")
		tm.Out.WaitFor(t, "▸ ▣ image · chart.png") // the chip is selected
		tm.Type("s")
		tm.Out.WaitFor(t, "saved to")
		keys, err := filepath.Glob(filepath.Join(s.dataDir, "default", "ssh-keys", "*", "downloads", "chart.png"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(keys, "\n")
	}
	a := saved(alice)
	both := saved(bob)
	b := strings.TrimSpace(strings.Replace(both, a, "", 1))
	if strings.Count(both, "\n") != 1 || b == "" || filepath.Dir(filepath.Dir(a)) == filepath.Dir(filepath.Dir(b)) {
		t.Fatalf("two keys' saves are not apart:\n%s", both)
	}
	for _, p := range []string{a, b} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s saved %v, want 0600", p, fi.Mode().Perm())
		}
	}
	if entries, _ := os.ReadDir(os.Getenv("XDG_DOWNLOAD_DIR")); len(entries) != 0 {
		t.Errorf("the server's download folder got %d files", len(entries))
	}
}
