package config

import (
	"context"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func load(t *testing.T, opts Options) (*Config, error) {
	t.Helper()
	return Load(context.Background(), opts)
}

func TestURLPrecedence(t *testing.T) {
	const file = "[profiles.default]\nurl = \"wss://profile/ws\"\n"
	tests := []struct {
		name, file, flag, env string
		wantURL, wantSource   string
	}{
		{"flag beats env and profile", file, "wss://flag/ws", "wss://env/ws", "wss://flag/ws", "flag"},
		{"env beats profile", file, "", "wss://env/ws", "wss://env/ws", "env IRIS_URL"},
		{"profile", file, "", "", "wss://profile/ws", "profile"},
		{"none", "", "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testEnv(t, tt.file)
			t.Setenv(EnvURL, tt.env)
			c, err := load(t, Options{URL: tt.flag})
			if err != nil {
				t.Fatal(err)
			}
			if c.URL != tt.wantURL || c.URLSource != tt.wantSource {
				t.Fatalf("url = %q from %q, want %q from %q", c.URL, c.URLSource, tt.wantURL, tt.wantSource)
			}
		})
	}
}

func TestTokenPrecedence(t *testing.T) {
	both := "[profiles.default]\ntoken_file = \"tok\"\ntoken_command = \"echo from-command-xyz\"\n"
	tests := []struct {
		name, file, flag, env string
		wantToken, wantSource string
	}{
		{"flag beats all", both, "from-flag", "from-env", "from-flag", "flag"},
		{"env beats files", both, "", "from-env", "from-env", "env IRIS_TOKEN"},
		{"token_file beats token_command", both, "", "", "from-file-abc", "token_file DIR/tok"},
		{"token_command", "[profiles.default]\ntoken_command = \"echo '  from-command-xyz  '\"\n", "", "", "from-command-xyz", "token_command"},
		{"none", "[profiles.default]\nurl = \"wss://h/\"\n", "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testEnv(t, tt.file)
			writeFile(t, filepath.Join(p.ConfigDir, "tok"), "from-file-abc\n", 0o600)
			t.Setenv(EnvToken, tt.env)
			c, err := load(t, Options{Token: tt.flag})
			if err != nil {
				t.Fatal(err)
			}
			wantSource := strings.ReplaceAll(tt.wantSource, "DIR", p.ConfigDir)
			if c.Token.Reveal() != tt.wantToken || c.TokenSource != wantSource {
				t.Fatalf("token %q from %q, want %q from %q", c.Token.Reveal(), c.TokenSource, tt.wantToken, wantSource)
			}
			if c.NeedsSetup() != (tt.wantToken == "" || c.URL == "") {
				t.Fatalf("NeedsSetup = %v", c.NeedsSetup())
			}
		})
	}
}

func TestTokenErrors(t *testing.T) {
	tests := []struct {
		name, profile string
		want          string // DIR stands for the config directory
	}{
		{"missing token_file", "token_file = \"absent\"",
			`profile "default": token_file: open DIR/absent: no such file or directory`},
		{"empty token_file", "token_file = \"empty\"",
			`profile "default": token_file DIR/empty is empty`},
		{"failing command with stderr", "token_command = \"echo vault locked >&2; exit 3\"",
			`profile "default": token_command "echo vault locked >&2; exit 3" failed: exit status 3: vault locked`},
		{"silent command", "token_command = \"true\"",
			`profile "default": token_command "true" printed nothing on stdout`},
		{"slow command", "token_command = \"exec sleep 10\"",
			`profile "default": token_command "exec sleep 10" timed out after 200ms`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testEnv(t, "[profiles.default]\n"+tt.profile+"\n")
			writeFile(t, filepath.Join(p.ConfigDir, "empty"), " \n", 0o600)
			start := time.Now()
			_, err := load(t, Options{TokenTimeout: 200 * time.Millisecond})
			want := strings.ReplaceAll(tt.want, "DIR", p.ConfigDir)
			if err == nil || err.Error() != want {
				t.Fatalf("err\n got: %v\nwant: %s", err, want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("took %s", d)
			}
		})
	}
}

func TestTokenFileWarningsAndPaths(t *testing.T) {
	p := testEnv(t, "[profiles.default]\nurl = \"wss://h/ws\"\ntoken_file = \"t/loose\"\nca_file = \"ca.pem\"\n")
	tok := filepath.Join(p.ConfigDir, "t", "loose")
	writeFile(t, tok, "secret-token-value\n", 0o644)
	c, err := load(t, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"token file " + tok + " is accessible by others than its owner (mode 0644); fix with: chmod 600 " + tok}
	if !slices.Equal(c.Warnings, want) {
		t.Fatalf("warnings = %q, want %q", c.Warnings, want)
	}
	if c.CAFile != filepath.Join(p.ConfigDir, "ca.pem") {
		t.Fatalf("CAFile = %s", c.CAFile)
	}
	if c.NeedsSetup() {
		t.Fatal("NeedsSetup with URL and token")
	}
}

func TestProfileSelection(t *testing.T) {
	const file = "default_profile = \"home\"\n[profiles.home]\nurl = \"wss://home/ws\"\n[profiles.lab]\nurl = \"wss://lab/ws\"\n"
	tests := []struct {
		name, file, flag  string
		wantProfile, want string // want: URL, or the error
	}{
		{"flag", file, "lab", "lab", "wss://lab/ws"},
		{"default_profile", file, "", "home", "wss://home/ws"},
		{"named default", "[profiles.default]\nurl = \"wss://d/ws\"\n[profiles.x]\n", "", "default", "wss://d/ws"},
		{"first run, no file", "", "", "default", ""},
		{"first run with --profile", "", "work", "work", ""},
		{"unknown flag profile", file, "nope", "", `profile "nope" is not defined in CONFIG (profiles: home, lab)`},
		{"invalid flag profile", "", "../x", "", `profile name "../x": only letters, digits, '-' and '_' are allowed`},
		{"no default among profiles", "[profiles.home]\nurl = \"wss://home/ws\"\n", "", "",
			`no profile chosen: CONFIG defines profile home but none called "default"; choose one with --profile home or default_profile = "home"`},
		{"no default among several", "[profiles.lab]\n[profiles.home]\n", "", "",
			`no profile chosen: CONFIG defines profiles home, lab but none called "default"; choose one with --profile home or default_profile = "home"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testEnv(t, tt.file)
			c, err := load(t, Options{Profile: tt.flag})
			if tt.wantProfile == "" {
				want := strings.ReplaceAll(tt.want, "CONFIG", p.ConfigFile)
				if err == nil || err.Error() != want {
					t.Fatalf("err = %v, want %s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Profile != tt.wantProfile || c.URL != tt.want {
				t.Fatalf("profile %q url %q, want %q %q", c.Profile, c.URL, tt.wantProfile, tt.want)
			}
			if c.DataDir != p.ProfileDataDir(tt.wantProfile) || c.FileExists != (tt.file != "") {
				t.Fatalf("DataDir %s FileExists %v", c.DataDir, c.FileExists)
			}
		})
	}
}

func TestUndefinedDefaultWithFlags(t *testing.T) {
	testEnv(t, "[profiles.home]\nurl = \"wss://home/ws\"\n")
	c, err := load(t, Options{URL: "wss://flag/ws", Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Profile != DefaultProfileName || c.URL != "wss://flag/ws" || c.NeedsSetup() {
		t.Fatalf("profile %q url %q", c.Profile, c.URL)
	}
}

// TestUndefinedProfileWithFlags: --profile NAME with --url and --token
// works for any name; the name only chooses the data directory.
func TestUndefinedProfileWithFlags(t *testing.T) {
	p := testEnv(t, "[profiles.home]\nurl = \"wss://home/ws\"\n")
	c, err := load(t, Options{Profile: "p2", URL: "wss://flag/ws", Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Profile != "p2" || c.URL != "wss://flag/ws" || c.NeedsSetup() || c.DataDir != p.ProfileDataDir("p2") {
		t.Fatalf("profile %q url %q data %s", c.Profile, c.URL, c.DataDir)
	}
	if _, err := load(t, Options{Profile: "p2", URL: "wss://flag/ws"}); err == nil {
		t.Fatal("an undefined profile without a token was accepted")
	}
}

func TestBadURLFromFlagOrEnv(t *testing.T) {
	testEnv(t, "")
	t.Setenv(EnvURL, "http://h/ws")
	_, err := load(t, Options{})
	if want := `url (from env IRIS_URL): "http://h/ws" must start with ws:// or wss://`; err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
	_, err = load(t, Options{URL: "ws://"})
	if want := `url (from flag): "ws://" has no host`; err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
}

func TestBadFileFailsLoad(t *testing.T) {
	p := testEnv(t, "theme = \"blue\"\n")
	_, err := load(t, Options{})
	if want := p.ConfigFile + `:1: theme: "blue" is not one of auto, dark, light`; err == nil || err.Error() != want {
		t.Fatalf("err = %v", err)
	}
}

func TestSettingsThemeKeysOverride(t *testing.T) {
	testEnv(t, `theme = "dark"
[settings]
runtime_footer = false
tool_verbosity = "all"
notification_repeats = ["2m", "10m"]
[keys]
quit = ["ctrl+q"]
help = ["f1"]
[profiles.a]
theme = "light"
insecure = true
device_name = "desk"
[profiles.a.settings]
tool_verbosity = "none"
send_mode = "queue"
show_reasoning = false
notification_repeats = []
[profiles.a.keys]
help = ["?"]
[profiles.b]
`)
	tests := []struct {
		profile      string
		insecureFlag bool
		theme        string
		insecure     bool
		settings     Settings
		keys         map[string][]string
	}{
		{"a", false, "light", true,
			Settings{RuntimeFooter: false, ToolVerbosity: "none", ShowReasoning: false, Notifications: true, SendMode: "queue",
				NotificationRepeats: []time.Duration{}},
			map[string][]string{"quit": {"ctrl+q"}, "help": {"?"}}},
		{"b", false, "dark", false,
			Settings{RuntimeFooter: false, ToolVerbosity: "all", ShowReasoning: true, Notifications: true, SendMode: "steer",
				NotificationRepeats: []time.Duration{2 * time.Minute, 10 * time.Minute}},
			map[string][]string{"quit": {"ctrl+q"}, "help": {"f1"}}},
		{"b", true, "dark", true,
			Settings{RuntimeFooter: false, ToolVerbosity: "all", ShowReasoning: true, Notifications: true, SendMode: "steer",
				NotificationRepeats: []time.Duration{2 * time.Minute, 10 * time.Minute}},
			map[string][]string{"quit": {"ctrl+q"}, "help": {"f1"}}},
	}
	for _, tt := range tests {
		c, err := load(t, Options{Profile: tt.profile, Insecure: tt.insecureFlag})
		if err != nil {
			t.Fatal(err)
		}
		if c.Theme != tt.theme || c.Insecure != tt.insecure || !reflect.DeepEqual(c.Settings, tt.settings) ||
			!maps.EqualFunc(c.Keys, tt.keys, slices.Equal) {
			t.Errorf("profile %s: theme %q insecure %v settings %+v keys %v", tt.profile, c.Theme, c.Insecure, c.Settings, c.Keys)
		}
		if tt.profile == "a" && c.DeviceName != "desk" {
			t.Errorf("DeviceName = %q", c.DeviceName)
		}
	}
}

func TestFlagsOverrideProfile(t *testing.T) {
	p := testEnv(t, "theme = \"light\"\n[profiles.default]\ndevice_name = \"desk\"\nca_file = \"ca.pem\"\n")
	c, err := load(t, Options{DeviceName: "laptop", CAFile: "/etc/ca.pem", Theme: "dark"})
	if err != nil {
		t.Fatal(err)
	}
	if c.DeviceName != "laptop" || c.CAFile != "/etc/ca.pem" || c.Theme != "dark" {
		t.Fatalf("flags lost: %+v", c)
	}
	c, err = load(t, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.DeviceName != "desk" || c.CAFile != filepath.Join(p.ConfigDir, "ca.pem") || c.Theme != "light" {
		t.Fatalf("profile values lost: %+v", c)
	}
	_, err = load(t, Options{Theme: "blue"})
	if want := `theme (from flag): "blue" is not one of auto, dark, light`; err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
}

func TestDefaults(t *testing.T) {
	testEnv(t, "")
	c, err := load(t, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme != ThemeAuto || !reflect.DeepEqual(c.Settings, DefaultSettings()) || len(c.Keys) != 0 || c.DeviceName == "" {
		t.Fatalf("defaults: %+v", c)
	}
	if !c.NeedsSetup() {
		t.Fatal("first run does not need setup")
	}
}

func TestURLWithCredentialsIsRefusedRedacted(t *testing.T) {
	testEnv(t, "")
	for _, u := range []string{"ws://alice:s3cret@127.0.0.1:8765/ws", "wss://alice:s3cret@gw.example/ws", "ws://alice@127.0.0.1/ws", "ws://alice:s3cret@h%zz/ws"} {
		_, err := load(t, Options{URL: u, Token: "tok-0123456789"})
		if err == nil {
			t.Fatalf("%s was accepted", u)
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: the error shows the password: %v", u, err)
		}
		if !strings.Contains(err.Error(), "user name or password") && !strings.Contains(err.Error(), "not a URL") {
			t.Errorf("%s: err = %v", u, err)
		}
	}
	p := testEnv(t, "[profiles.default]\nurl = \"ws://alice:s3cret@127.0.0.1/ws\"\n")
	_, err := load(t, Options{})
	if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), p.ConfigFile+":2") {
		t.Fatalf("from the file: %v", err)
	}
}
