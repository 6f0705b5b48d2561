package config

import (
	"os"
	"path/filepath"
	"testing"
)

// testEnv points every XDG base directory into a temp dir, clears the IRIS_*
// variables, writes config (unless empty) with mode 0600 and returns the
// resolved paths.
func testEnv(t *testing.T, config string) Paths {
	t.Helper()
	root := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "config"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "data"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(root, "state"))
	t.Setenv(EnvURL, "")
	t.Setenv(EnvToken, "")
	p := DefaultPaths()
	if config != "" {
		writeFile(t, p.ConfigFile, config, 0o600)
	}
	return p
}

// writeFile writes content at path with mode, creating the directory.
func writeFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // umask-independent
		t.Fatal(err)
	}
}
