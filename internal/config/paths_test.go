package config

import (
	"path/filepath"
	"testing"

	"github.com/adrg/xdg"
)

func TestDefaultPathsFollowsEnvironment(t *testing.T) {
	root := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "c"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "d"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(root, "s"))
	got := DefaultPaths()
	want := Paths{
		ConfigDir:  filepath.Join(root, "c", "iris"),
		ConfigFile: filepath.Join(root, "c", "iris", "config.toml"),
		DataDir:    filepath.Join(root, "d", "iris"),
		StateDir:   filepath.Join(root, "s", "iris"),
		LogFile:    filepath.Join(root, "s", "iris", "iris.log"),
		AuditFile:  filepath.Join(root, "s", "iris", "audit.jsonl"),
	}
	if got != want {
		t.Fatalf("DefaultPaths() = %+v, want %+v", got, want)
	}
	if d := got.ProfileDataDir("work"); d != filepath.Join(root, "d", "iris", "work") {
		t.Fatalf("ProfileDataDir = %s", d)
	}
}

func TestDefaultPathsIgnoresRelativeEnvironment(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "relative/dir")
	if got, want := DefaultPaths().ConfigDir, filepath.Join(xdg.ConfigHome, "iris"); got != want {
		t.Fatalf("ConfigDir = %s, want the xdg fallback %s", got, want)
	}
}
