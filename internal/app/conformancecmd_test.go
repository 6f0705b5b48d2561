package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// isolateConfig points every XDG directory at a temp dir and clears the
// environment's URL and token, and returns the config directory.
func isolateConfig(t *testing.T) string {
	t.Helper()
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, t.TempDir())
	}
	t.Setenv("IRIS_URL", "")
	t.Setenv("IRIS_TOKEN", "")
	return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "iris")
}

func TestConformanceUsesTheProfilesTokenFileAndExitsNonZeroOnAFailure(t *testing.T) {
	dir := isolateConfig(t)
	// An upload limit above 1 TiB: the simulator then cannot refuse the
	// kit's oversized upload with media_too_large, a rule fails for sure.
	_, url := simtest.StartSim(t, gatewaysim.Config{MaxUploadSize: 1 << 41})
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := "[profiles.default]\nurl = \"" + url + "\"\ntoken_file = \"gw.token\"\n"
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gw.token"), []byte(simtest.Token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	code := Run([]string{"conformance", "--timeout", "3s", "--window", "50ms"}, &out, &errOut)
	if code != exitNonConformant {
		t.Fatalf("exit %d, want %d; stderr %q\n%s", code, exitNonConformant, errOut.String(), out.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if !regexp.MustCompile(`^\d+ passed, [1-9]\d* failed$`).MatchString(lines[len(lines)-1]) {
		t.Fatalf("last line %q is not the total", lines[len(lines)-1])
	}
	for _, want := range []string{"PASS handshake.hello-ack\n", "FAIL error.media-too-large: "} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String()+errOut.String(), simtest.Token) {
		t.Fatalf("the token shows in the output:\n%s\n%s", out.String(), errOut.String())
	}
}

func TestConformanceRefusesTheTokenOverPlainWSToARemoteHost(t *testing.T) {
	isolateConfig(t)
	var out, errOut strings.Builder
	code := Run([]string{"conformance", "--url", "ws://192.0.2.2:8765/ws", "--token", "t0ken"}, &out, &errOut)
	if code != exitConfig || !strings.Contains(errOut.String(), "refusing to send the token over plain ws://") || !strings.Contains(errOut.String(), "--insecure") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if out.Len() > 0 {
		t.Fatalf("rules ran: %s", out.String())
	}
}

func TestConformanceNeedsAURLAndAToken(t *testing.T) {
	isolateConfig(t)
	var out, errOut strings.Builder
	if code := Run([]string{"conformance", "--url", "ws://127.0.0.1:1/"}, &out, &errOut); code != exitConfig {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitConfig, errOut.String())
	}
	if !strings.Contains(errOut.String(), "needs a gateway URL and token") {
		t.Fatalf("stderr %q", errOut.String())
	}
}
