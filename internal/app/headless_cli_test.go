package app

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/internal/headless"
)

func TestHeadlessHelpIsComplete(t *testing.T) {
	for cmd, flags := range map[string][]string{
		"send":    {"--channel", "--thread", "--attach", "--wait", "--policy", "--json", "Exit codes", "--profile", "--url", "--token", "--insecure", "--ca-file"},
		"tail":    {"--channel", "--all", "--json", "--since", "--notify", "Exit codes", "--profile"},
		"pickers": {"--json", "Exit codes", "--profile"},
		"answer":  {"--reason", "--permanent", "Exit codes", "--profile"},
		"approve": {"--policy", "--dry-run", "[[rule]]", "--explain", "any_arg", "always", "Exit codes", "--profile"},
	} {
		var out, errOut strings.Builder
		if code := Run([]string{cmd, "--help"}, &out, &errOut); code != exitOK {
			t.Fatalf("%s --help: exit %d, stderr %q", cmd, code, errOut.String())
		}
		for _, f := range flags {
			if !strings.Contains(out.String(), f) {
				t.Errorf("iris %s --help lacks %s:\n%s", cmd, f, out.String())
			}
		}
	}
}

func TestHeadlessUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"send"},
		{"send", "a", "b"},
		{"send", "--bogus", "x"},
		{"answer", "pa_1"},
		{"pickers", "extra"},
		{"tail", "--all", "--channel", "x"},
		{"tail", "--since", "-5"},
		{"approve"},
		{"tail", "--notify", "--json"},
		{"send", "--policy", "p.toml", "hi"},
	} {
		var out, errOut strings.Builder
		if code := Run(args, &out, &errOut); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
		if got := errOut.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "--help") {
			t.Errorf("%q: stderr %q", args, got)
		}
	}
}

func TestHeadlessNeedsAConfiguredProfile(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	t.Setenv("IRIS_URL", "")
	t.Setenv("IRIS_TOKEN", "")
	var out, errOut strings.Builder
	if code := Run([]string{"send", "hi"}, &out, &errOut); code != exitConfig {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitConfig, errOut.String())
	}
	if !strings.Contains(errOut.String(), "no gateway URL or token yet") {
		t.Fatalf("stderr %q", errOut.String())
	}
}

// --explain reads only the policy, so it works on a machine with no
// profile yet (the README: "without connecting").
func TestApproveExplainNeedsNoProfile(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	t.Setenv("IRIS_URL", "")
	t.Setenv("IRIS_TOKEN", "")
	policy := filepath.Join(t.TempDir(), "ci.toml")
	rule := "[[rule]]\nname = \"read-only git\"\ntype = \"approval\"\ncommand = [\"git\", \"status\"]\nanswer = \"once\"\n"
	if err := os.WriteFile(policy, []byte(rule), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := Run([]string{"approve", "--policy", policy, "--explain", "git status ; rm -rf ~"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d; stderr %q", code, errOut.String())
	}
	if !strings.Contains(out.String(), "outcome: left to a human") {
		t.Fatalf("stdout %q", out.String())
	}
}

func TestHeadlessRefusesTheTokenOverPlainWSToARemoteHost(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	var out, errOut strings.Builder
	code := Run([]string{"send", "--url", "ws://gateway.example:8765", "--token", "t0ken", "hi"}, &out, &errOut)
	if code != exitConfig || !strings.Contains(errOut.String(), "refusing to send the token over plain ws://") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestURLWithAPasswordFailsAtOnceRedacted(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	var out, errOut strings.Builder
	code := Run([]string{"send", "--url", "ws://alice:s3cret@127.0.0.1:1/ws", "--token", "t0ken", "hi"}, &out, &errOut)
	if code != exitConfig || !strings.Contains(errOut.String(), "user name or password") || strings.Contains(errOut.String(), "s3cret") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if strings.Contains(errOut.String(), "fix the file") { // the URL came from the flag, there is no file
		t.Fatalf("stderr %q", errOut.String())
	}
}

func TestSendFailsWithinTheConnectTimeout(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "ws://" + ln.Addr().String() + "/ws"
	ln.Close() // nothing listens there now: the gateway is down
	start := time.Now()
	var out, errOut strings.Builder
	code := Run([]string{"send", "--url", url, "--connect-timeout", "1s", "--token", "t0ken-0123456789", "hi"}, &out, &errOut)
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("send took %s with --connect-timeout 1s", took)
	}
	if code != headless.ExitDelivery || !strings.Contains(errOut.String(), "cannot reach the gateway at "+url+" within 1s") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if _, err := headless.Parse("send", []string{"--connect-timeout", "0s", "hi"}); err == nil {
		t.Fatal("--connect-timeout 0s was accepted")
	}

	// Without the flag: the profile's connect_timeout.
	cfgDir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "iris")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	conf := "[profiles.default]\nurl = \"" + url + "\"\nconnect_timeout = \"1s\"\n"
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("IRIS_TOKEN", "t0ken-0123456789")
	start = time.Now()
	errOut.Reset()
	code = Run([]string{"send", "hi"}, &out, &errOut)
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("send took %s with connect_timeout = \"1s\"", took)
	}
	if code != headless.ExitDelivery || !strings.Contains(errOut.String(), "within 1s") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestTokenFlagWarnsOnce(t *testing.T) {
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	var out, errOut strings.Builder
	Run([]string{"send", "--url", "ws://gateway.example:8765", "--token", "t0ken", "hi"}, &out, &errOut)
	if n := strings.Count(errOut.String(), "--token is visible"); n != 1 || !strings.Contains(errOut.String(), "token_file") || !strings.Contains(errOut.String(), "token_command") {
		t.Fatalf("%d warnings; stderr %q", n, errOut.String())
	}
	errOut.Reset()
	t.Setenv("IRIS_TOKEN", "t0ken")
	Run([]string{"send", "--url", "ws://gateway.example:8765", "hi"}, &out, &errOut)
	if strings.Contains(errOut.String(), "--token is visible") {
		t.Fatalf("warned without --token: %q", errOut.String())
	}
}
