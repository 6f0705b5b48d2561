package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A syntax error in the config file ends the binary with exit code 3 and a
// message naming the file, the line and the key.
func TestConfigSyntaxErrorExitCode(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.xdg["XDG_CONFIG_HOME"], "iris", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	body := "default_profile = \"work\"\n\n[profiles.work]\nurl = \"ws://127.0.0.1:1/\"\ntheme = dark\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out := e.exec()
	if code != 3 {
		t.Fatalf("exit code %d, want 3; output:\n%s", code, out)
	}
	for _, want := range []string{path + ":5:", "profiles.work.theme"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the message lacks %q:\n%s", want, out)
		}
	}
}
