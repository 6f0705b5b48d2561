package setup

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/wsclient"
)

// fakeTester records what it was asked and answers with err.
type fakeTester struct {
	mu         sync.Mutex
	url, token string
	insecure   bool
	calls      int
	err        error
}

func (f *fakeTester) test(_ context.Context, url, token string, insecure bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.url, f.token, f.insecure, f.calls = url, token, insecure, f.calls+1
	return f.err
}

func testPaths(t *testing.T) config.Paths {
	dir := t.TempDir()
	return config.Paths{ConfigDir: filepath.Join(dir, "iris"), ConfigFile: filepath.Join(dir, "iris", "config.toml")}
}

func newModel(t *testing.T, tester *fakeTester, mod func(*Options)) (*Model, config.Paths) {
	t.Helper()
	paths := testPaths(t)
	opts := Options{
		Paths:  paths,
		Styles: themes.Build(themes.New(themes.Options{})),
		Test:   tester.test,
	}
	if mod != nil {
		mod(&opts)
	}
	return New(opts), paths
}

// press sends one key: a named key ("tab", "ctrl+s", "space"…) or a single
// printable character.
func press(m *Model, k string) tea.Cmd {
	keys := map[string]tea.KeyPressMsg{
		"tab":       {Code: tea.KeyTab},
		"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"enter":     {Code: tea.KeyEnter},
		"esc":       {Code: tea.KeyEscape},
		"space":     {Code: tea.KeySpace, Text: " "},
		"backspace": {Code: tea.KeyBackspace},
		"ctrl+s":    {Code: 's', Mod: tea.ModCtrl},
		"ctrl+t":    {Code: 't', Mod: tea.ModCtrl},
		"ctrl+u":    {Code: 'u', Mod: tea.ModCtrl},
	}
	msg, ok := keys[k]
	if !ok {
		r := []rune(k)[0]
		msg = tea.KeyPressMsg{Code: r, Text: k}
	}
	_, cmd := m.Update(msg)
	return cmd
}

// typeText types s into the focused field.
func typeText(m *Model, s string) {
	for _, r := range s {
		press(m, string(r))
	}
}

// fill types the four text fields, replacing their initial values.
func fill(m *Model, url, token, profile, device string) {
	for i, v := range []string{url, token, profile, device} {
		m.setFocus(item(i))
		m.inputs[i].SetValue("")
		typeText(m, v)
	}
}

// run executes cmd and feeds its message back, returning the next command.
func run(t *testing.T, m *Model, cmd tea.Cmd) tea.Cmd {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	_, next := m.Update(cmd())
	return next
}

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func fileMode(t *testing.T, path string) os.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

func TestSaveWritesConfigAndTokenFile(t *testing.T) {
	m, paths := newModel(t, &fakeTester{}, func(o *Options) { o.DeviceName = "host1" })
	fill(m, "wss://gw.example/ws", "sk-setup-secret-42", "home", "laptop")
	next := run(t, m, press(m, "ctrl+s"))
	if !isQuit(next) {
		t.Fatal("saving did not quit the form")
	}
	res, ok := m.Result()
	tokenFile := filepath.Join(paths.ConfigDir, "home.token")
	if !ok || res != (Result{Profile: "home", ConfigFile: paths.ConfigFile, TokenFile: tokenFile}) {
		t.Fatalf("Result = %+v, %v", res, ok)
	}
	data, err := os.ReadFile(paths.ConfigFile)
	if err != nil {
		t.Fatal(err)
	}
	want := "default_profile = \"home\"\n\n[profiles]\n  [profiles.home]\n    url = \"wss://gw.example/ws\"\n    token_file = \"home.token\"\n    device_name = \"laptop\"\n"
	if string(data) != want {
		t.Fatalf("config.toml:\n%s\nwant:\n%s", data, want)
	}
	tok, _ := os.ReadFile(tokenFile)
	if string(tok) != "sk-setup-secret-42\n" {
		t.Fatalf("token file %q", tok)
	}
	for _, p := range []string{paths.ConfigFile, tokenFile} {
		if got := fileMode(t, p); got != 0o600 {
			t.Errorf("%s mode %04o", p, got)
		}
	}
	if got := fileMode(t, paths.ConfigDir); got != 0o700 {
		t.Errorf("dir mode %04o", got)
	}
}

// TestSavedConfigLoads checks the written files resolve to the same URL and
// token through config.Load, as the next start will.
func TestSavedConfigLoads(t *testing.T) {
	root := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", root)
	t.Setenv(config.EnvURL, "")
	t.Setenv(config.EnvToken, "")
	paths := config.DefaultPaths()
	m, _ := newModel(t, &fakeTester{}, func(o *Options) { o.Paths = paths })
	fill(m, "ws://127.0.0.1:8765/ws", "tok-loopback-0001", "default", "box")
	run(t, m, press(m, "ctrl+s"))
	c, err := config.Load(context.Background(), config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.URL != "ws://127.0.0.1:8765/ws" || c.Token.Reveal() != "tok-loopback-0001" || c.DeviceName != "box" ||
		c.Profile != "default" || c.NeedsSetup() || len(c.Warnings) != 0 {
		t.Fatalf("loaded %+v warnings %q", c, c.Warnings)
	}
	if c.File.DefaultProfile != "" {
		t.Fatalf("default_profile set for the default profile: %q", c.File.DefaultProfile)
	}
}

func TestSaveKeepsExistingConfig(t *testing.T) {
	existing := &config.File{
		DefaultProfile: "lab",
		Theme:          config.ThemeDark,
		Keys:           map[string][]string{"quit": {"ctrl+q"}},
		Profiles: map[string]config.Profile{
			"lab":  {URL: "wss://lab/ws", TokenCommand: "pass lab"},
			"home": {Theme: config.ThemeLight},
		},
	}
	m, paths := newModel(t, &fakeTester{}, func(o *Options) { o.File = existing })
	fill(m, "wss://home/ws", "home-token-xyz", "home", "pc")
	run(t, m, press(m, "ctrl+s"))
	f, _, err := config.ReadFile(paths.ConfigFile)
	if err != nil {
		t.Fatal(err)
	}
	if f.DefaultProfile != "lab" || f.Theme != config.ThemeDark || f.Keys["quit"][0] != "ctrl+q" ||
		f.Profiles["lab"].TokenCommand != "pass lab" || f.Profiles["home"].Theme != config.ThemeLight ||
		f.Profiles["home"].URL != "wss://home/ws" || f.Profiles["home"].TokenFile != "home.token" {
		t.Fatalf("merged file: %+v", f)
	}
	if _, ok := existing.Profiles["home"]; !ok || existing.Profiles["home"].URL != "" {
		t.Fatal("Save modified the caller's File")
	}
}

func TestTokenMaskedAndNotInlined(t *testing.T) {
	m, paths := newModel(t, &fakeTester{}, nil)
	fill(m, "wss://gw/ws", "sk-visible-never", "default", "pc")
	view := m.View().Content
	if strings.Contains(view, "sk-visible-never") || !strings.Contains(view, "••••") {
		t.Fatalf("token shown:\n%s", view)
	}
	run(t, m, press(m, "ctrl+s"))
	data, _ := os.ReadFile(paths.ConfigFile)
	if strings.Contains(string(data), "sk-visible-never") {
		t.Fatal("token inlined in config.toml")
	}
}

func TestInsecureOptIn(t *testing.T) {
	tests := []struct {
		url      string
		shown    bool
		rowsNext []item // focus after each tab from the device field
	}{
		{"ws://10.0.0.2:8765/ws", true, []item{itemInsecure, itemTest, itemSave, itemURL}},
		{"ws://localhost:8765/ws", false, []item{itemTest, itemSave, itemURL}},
		{"wss://gw.example/ws", false, []item{itemTest, itemSave, itemURL}},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			m, _ := newModel(t, &fakeTester{}, nil)
			fill(m, tt.url, "tok-12345678", "default", "pc")
			if got := strings.Contains(m.View().Content, "allow insecure"); got != tt.shown {
				t.Fatalf("insecure row shown = %v", got)
			}
			for _, want := range tt.rowsNext {
				press(m, "tab")
				if m.focus != want {
					t.Fatalf("focus %d, want %d", m.focus, want)
				}
			}
		})
	}
}

func TestInsecureRequiredThenSaved(t *testing.T) {
	tester := &fakeTester{}
	m, paths := newModel(t, tester, nil)
	fill(m, "ws://10.0.0.2/ws", "tok-12345678", "default", "pc")
	if cmd := press(m, "ctrl+s"); cmd != nil || !m.failed || !strings.Contains(m.status, "unencrypted") {
		t.Fatalf("saved without opt-in: status %q", m.status)
	}
	if cmd := press(m, "ctrl+t"); cmd != nil || tester.calls != 0 {
		t.Fatalf("tested a remote ws:// URL without the opt-in (calls %d)", tester.calls)
	}
	m.setFocus(itemInsecure)
	press(m, "space")
	if !m.Input().Insecure {
		t.Fatal("space did not tick the opt-in")
	}
	run(t, m, press(m, "ctrl+t"))
	if tester.calls != 1 || !tester.insecure {
		t.Fatalf("tester after opt-in: calls %d, insecure %v", tester.calls, tester.insecure)
	}
	run(t, m, press(m, "ctrl+s"))
	f, _, err := config.ReadFile(paths.ConfigFile)
	if err != nil || !f.Profiles["default"].Insecure {
		t.Fatalf("insecure not saved: %+v %v", f, err)
	}
}

func TestValidationMessages(t *testing.T) {
	tests := []struct {
		url, token, profile, want string
	}{
		{"", "t", "p", "enter the gateway URL (wss://…)"},
		{"https://gw/ws", "t", "p", `"https://gw/ws" must start with ws:// or wss://`},
		{"wss://gw/ws", "", "p", "enter the device token"},
		{"wss://gw/ws", "t", "a/b", "the profile name may only contain letters, digits, '-' and '_'"},
		{"ws://gw.lan/ws", "t", "p", `ws:// to a remote host would send the token unencrypted: use wss://, or tick "allow insecure"`},
	}
	for _, tt := range tests {
		for _, k := range []string{"ctrl+s", "ctrl+t"} {
			tester := &fakeTester{}
			m, paths := newModel(t, tester, nil)
			fill(m, tt.url, tt.token, tt.profile, "pc")
			if cmd := press(m, k); cmd != nil {
				t.Fatalf("%s ran with invalid input %+v", k, tt)
			}
			if m.status != tt.want || !m.failed {
				t.Errorf("%s: status %q, want %q", k, m.status, tt.want)
			}
			if _, err := os.Stat(paths.ConfigFile); err == nil || tester.calls != 0 {
				t.Fatalf("%s acted on invalid input", k)
			}
		}
	}
}

func TestConnectionTest(t *testing.T) {
	tester := &fakeTester{}
	m, _ := newModel(t, tester, nil)
	fill(m, "wss://gw/ws", "tok-abcdef123", "default", "pc")
	m.setFocus(itemTest)
	cmd := press(m, "enter")
	if !m.testing || m.status != "Testing the connection…" {
		t.Fatalf("not testing: %q", m.status)
	}
	run(t, m, cmd)
	if tester.url != "wss://gw/ws" || tester.token != "tok-abcdef123" {
		t.Fatalf("tester got %q %q", tester.url, tester.token)
	}
	if m.testing || !m.testOK || m.failed || m.status != "Connected: the gateway accepted the token." {
		t.Fatalf("after success: %q", m.status)
	}
	if !strings.Contains(m.View().Content, "Connected") {
		t.Fatal("result not shown")
	}

	// A failure from the gateway is shown sanitised.
	tester.err = errors.New("auth: bad token \x1b]0;pwned\x07\x1b[2J")
	run(t, m, press(m, "ctrl+t"))
	if !m.failed || m.testOK || strings.ContainsRune(m.status, '\x1b') || !strings.HasPrefix(m.status, "Connection failed: auth: bad token") {
		t.Fatalf("after failure: %q", m.status)
	}
	if err := termsafe.Verify(m.View().Content); err != nil {
		t.Fatalf("view not terminal-safe: %v", err)
	}
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "Connection failed: auth: bad token ␛]0;pwned␇␛[2J") {
		t.Fatalf("the failure is not shown with visible placeholders:\n%s", v)
	}
}

func TestStaleTestResultIgnored(t *testing.T) {
	tester := &fakeTester{}
	m, _ := newModel(t, tester, nil)
	fill(m, "wss://gw/ws", "tok-abcdef123", "default", "pc")
	cmd := press(m, "ctrl+t")
	m.setFocus(itemToken)
	press(m, "x") // the token changes while the test runs
	run(t, m, cmd)
	if m.testOK || m.testing || m.status != "" {
		t.Fatalf("stale result applied: ok %v status %q", m.testOK, m.status)
	}
}

func TestSaveFailureKeepsForm(t *testing.T) {
	m, paths := newModel(t, &fakeTester{}, nil)
	if err := os.MkdirAll(filepath.Dir(paths.ConfigDir), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(paths.ConfigDir, nil, 0o600); err != nil { // a file where the dir goes
		t.Fatal(err)
	}
	fill(m, "wss://gw/ws", "tok-abcdef123", "default", "pc")
	next := run(t, m, press(m, "ctrl+s"))
	// Said in plain words, naming the file and the path at fault.
	want := "cannot save the token to " + filepath.Join(paths.ConfigDir, "default.token") + ": not a directory (" + paths.ConfigDir + ")"
	if next != nil || !m.failed || m.status != want {
		t.Fatalf("status %q, want %q; next %v", m.status, want, next)
	}
	if _, ok := m.Result(); ok || m.Input().Token != "tok-abcdef123" || m.Input().URL != "wss://gw/ws" {
		t.Fatal("input lost after a failed save")
	}
}

func TestNavigationAndCancel(t *testing.T) {
	m, _ := newModel(t, &fakeTester{}, func(o *Options) { o.URL = "wss://pre/ws"; o.Profile = "" })
	if m.Input().URL != "wss://pre/ws" || m.Input().Profile != "default" || m.focus != itemURL {
		t.Fatalf("initial %+v focus %d", m.Input(), m.focus)
	}
	press(m, "enter") // a field moves on
	if m.focus != itemToken || !m.inputs[itemToken].Focused() || m.inputs[itemURL].Focused() {
		t.Fatalf("enter: focus %d", m.focus)
	}
	press(m, "shift+tab")
	press(m, "shift+tab") // wraps to Save
	if m.focus != itemSave {
		t.Fatalf("shift+tab wrap: focus %d", m.focus)
	}
	if cmd := press(m, "esc"); !isQuit(cmd) || !m.Canceled() {
		t.Fatal("esc did not cancel")
	}
	if _, ok := m.Result(); ok {
		t.Fatal("cancelled form has a result")
	}
}

func TestPasteAndMissingDependencies(t *testing.T) {
	m := New(Options{Paths: testPaths(t)}) // no Styles, no Tester
	m.setFocus(itemToken)
	m.Update(tea.PasteMsg{Content: "pasted-token-123"})
	m.setFocus(itemURL)
	m.Update(tea.PasteMsg{Content: "wss://gw/ws"})
	if in := m.Input(); in.Token != "pasted-token-123" || in.URL != "wss://gw/ws" {
		t.Fatalf("paste lost: %+v", in)
	}
	if cmd := press(m, "ctrl+t"); cmd != nil || !m.failed || !strings.Contains(m.status, "not available") {
		t.Fatalf("test without Tester: %q", m.status)
	}
	if m.View().Content == "" {
		t.Fatal("empty view without Styles")
	}
}

// A token the gateway rejects points at the form's Token field, not at the
// config file, IRIS_TOKEN or --token (the client's own advice).
func TestRejectedTokenPointsAtTheField(t *testing.T) {
	tester := &fakeTester{err: fmt.Errorf("connect: %w", &wsclient.AuthError{Message: "unknown \x1b[2Jtoken"})}
	m, _ := newModel(t, tester, nil)
	fill(m, "wss://gw/ws", "tok-abcdef123", "default", "pc")
	run(t, m, press(m, "ctrl+t"))
	want := "Connection failed: the gateway rejected this token; check the Token field (gateway said: unknown ␛[2Jtoken)"
	if !m.failed || m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
	if v := m.View().Content; !strings.Contains(v, "check the Token field") || strings.Contains(v, "IRIS_TOKEN") {
		t.Fatalf("view does not point at the Token field:\n%s", v)
	}
}

func TestConnectionFailureInPlainWords(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tester := &fakeTester{err: fmt.Errorf("dial tcp 127.0.0.1:1: %w", refused)}
	m, _ := newModel(t, tester, nil)
	fill(m, "ws://127.0.0.1:1/ws", "tok-abcdef123", "default", "pc")
	run(t, m, press(m, "ctrl+t"))
	want := "Connection failed: connection refused; check the URL, and that the gateway is running and reachable from here"
	if !m.failed || m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
}

// The form is centred across the terminal with a third of the free rows
// above it, not drawn in the top left corner.
func TestFormIsCentred(t *testing.T) {
	m, _ := newModel(t, &fakeTester{}, nil)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	top := 0
	for top < len(lines) && strings.TrimSpace(lines[top]) == "" {
		top++
	}
	if top == len(lines) {
		t.Fatal("empty view")
	}
	box := len(lines) - top
	if want := (40 - box) / 3; top != want {
		t.Errorf("%d blank rows above the form, want %d", top, want)
	}
	if left := strings.Index(lines[top], "╭"); left != (120-maxWidth)/2 {
		t.Errorf("form at column %d, want %d:\n%s", left, (120-maxWidth)/2, strings.Join(lines, "\n"))
	}
}
