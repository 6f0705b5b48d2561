package app

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/media"
)

func TestRunPath(t *testing.T) {
	p := configTestEnv(t)
	var b strings.Builder
	runConfigPath(&b)
	want := "config     " + p.ConfigFile + "\ndata       " + p.DataDir + "\nstate      " + p.StateDir +
		"\nlog        " + p.LogFile + "\naudit      " + p.AuditFile + "\nmedia      " + media.DefaultCacheDir() + "\ndownloads  " + media.DownloadDir() + "\n"
	if b.String() != want {
		t.Fatalf("runConfigPath:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRunCheck(t *testing.T) {
	const secret = "sk-check-secret-9876"
	known := []string{"quit", "help"}
	tests := []struct {
		name, file, profile string
		envURL              string   // IRIS_URL
		wantOut             []string // lines expected in the output; CONFIG, DIR substituted
		wantErr             string
	}{
		{
			name:    "ok",
			file:    "[profiles.default]\nurl = \"wss://h/ws\"\ntoken_file = \"tok\"\n[keys]\nquit = [\"ctrl+q\"]\n",
			wantOut: []string{"config   CONFIG", "profile  default", "url      wss://h/ws (from profile)", "token    ****9876 (from token_file DIR/tok)", "ok (0 warnings)"},
		},
		{
			name:    "warnings do not fail",
			file:    "[profiles.lab]\nurl = \"ws://10.1.1.1/ws\"\ntoken_command = \"cat DIR/tok\"\ncolour = 1\n[keys]\nfly = [\"f\"]\n",
			profile: "lab",
			wantOut: []string{
				"token    ****9876 (from token_command)",
				`warning: CONFIG: unknown key "profiles.lab.colour" (ignored); valid keys here: ca_file, connect_timeout, device_name, insecure, keys, linear, settings, theme, token_command, token_file, url`,
				"warning: url ws://10.1.1.1/ws is plain ws:// to a remote host: Iris will refuse to send the token unless the profile sets insecure = true (or --insecure); prefer wss://",
				`warning: [keys]: unknown action "fly" (ignored); actions: help, quit`,
				"ok (3 warnings)",
			},
		},
		{
			name:    "first run",
			wantOut: []string{"config   CONFIG (not found)", "profile  default"},
			wantErr: `profile "default" has no url (set it in CONFIG, or IRIS_URL, or --url)` + "\n" +
				`profile "default" has no token (set token_file or token_command, or IRIS_TOKEN, or --token)`,
		},
		{
			name: "every wrong value at once",
			file: "theme = \"blue\"\n[settings]\ntool_verbosity = \"loud\"\n[profiles.default]\ninsecure = \"no\"\n",
			wantErr: `CONFIG:1: theme: "blue" is not one of auto, dark, light` + "\n" +
				`CONFIG:3: settings.tool_verbosity: "loud" is not one of all, truncated, none` + "\n" +
				`CONFIG:5: profiles.default.insecure: incompatible types: TOML value has type string; destination has type boolean`,
		},
		{
			name:   "a bad url and a missing token file together",
			file:   "[profiles.default]\ntoken_file = \"missing\"\n",
			envURL: "http://h/ws",
			wantErr: "url (from env IRIS_URL): \"http://h/ws\" must start with ws:// or wss://\n" +
				`profile "default": token_file: open DIR/missing: no such file or directory`,
		},
		{
			name:    "invalid file",
			file:    "theme = \"blue\"\n",
			wantErr: `CONFIG:1: theme: "blue" is not one of auto, dark, light`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := configTestEnv(t)
			t.Setenv(config.EnvURL, tt.envURL)
			sub := strings.NewReplacer("CONFIG", p.ConfigFile, "DIR", p.ConfigDir)
			if tt.file != "" {
				writeTestFile(t, p.ConfigFile, sub.Replace(tt.file), 0o600)
			}
			writeTestFile(t, filepath.Join(p.ConfigDir, "tok"), secret, 0o600)
			var out strings.Builder
			err := runConfigCheck(context.Background(), &out, config.Options{Profile: tt.profile}, known)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("runConfigCheck: %v\n%s", err, out.String())
			}
			if tt.wantErr != "" && (err == nil || err.Error() != sub.Replace(tt.wantErr)) {
				t.Fatalf("err\n got: %v\nwant: %s", err, sub.Replace(tt.wantErr))
			}
			lines := strings.Split(out.String(), "\n")
			for _, w := range tt.wantOut {
				if !slices.Contains(lines, sub.Replace(w)) {
					t.Errorf("output lacks %q:\n%s", sub.Replace(w), out.String())
				}
			}
			if strings.Contains(out.String(), secret) {
				t.Fatalf("token printed:\n%s", out.String())
			}
		})
	}
}

// configTestEnv points the XDG base directories into a temp dir, clears the
// IRIS_* variables and returns the resolved paths.
func configTestEnv(t *testing.T) config.Paths {
	t.Helper()
	root := t.TempDir()
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"} {
		t.Setenv(v, filepath.Join(root, v))
	}
	t.Setenv(config.EnvURL, "")
	t.Setenv(config.EnvToken, "")
	return config.DefaultPaths()
}

// writeTestFile writes content at path with mode, creating the directory.
func writeTestFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

func TestConfigCheckWithFIFOTokenFileReturns(t *testing.T) {
	p := configTestEnv(t)
	writeTestFile(t, p.ConfigFile, "[profiles.default]\nurl = \"wss://h/ws\"\ntoken_file = \"fifo\"\n", 0o600)
	if err := syscall.Mkfifo(filepath.Join(p.ConfigDir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var out strings.Builder
	go func() { done <- runConfigCheck(context.Background(), &out, config.Options{}, nil) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is a named pipe (FIFO), not a regular file") {
			t.Fatalf("runConfigCheck = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("iris config check hangs on a FIFO token_file")
	}
}

func TestConfigCheckShowsNoControlCharactersFromTheToken(t *testing.T) {
	p := configTestEnv(t)
	writeTestFile(t, p.ConfigFile, "[profiles.default]\nurl = \"wss://h/ws\"\ntoken_file = \"tok\"\n", 0o600)
	writeTestFile(t, filepath.Join(p.ConfigDir, "tok"), "sk-0123456789\x1b]0;pwned\x07\x1b[2J", 0o600)
	var out strings.Builder
	if err := runConfigCheck(context.Background(), &out, config.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(out.String(), "\x1b\x07") {
		t.Fatalf("control characters reached the terminal: %q", out.String())
	}
	if !strings.Contains(out.String(), "token    ****␛[2J") || !strings.Contains(out.String(), "warning: the token (from token_file") {
		t.Fatalf("output:\n%s", out.String())
	}
}
