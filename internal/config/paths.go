package config

import (
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
)

// AppName is the directory name Iris uses under each XDG base directory.
const AppName = "iris"

// Paths are the files and directories Iris uses, resolved from the XDG base
// directories.
type Paths struct {
	ConfigDir  string // $XDG_CONFIG_HOME/iris
	ConfigFile string // $XDG_CONFIG_HOME/iris/config.toml
	DataDir    string // $XDG_DATA_HOME/iris (a subdirectory per profile)
	StateDir   string // $XDG_STATE_HOME/iris
	LogFile    string // $XDG_STATE_HOME/iris/iris.log
	AuditFile  string // $XDG_STATE_HOME/iris/audit.jsonl (answers given to pickers)
}

// DefaultPaths resolves Paths from the current environment. The xdg package
// reads the environment once at init, so an XDG_*_HOME variable set later
// (t.Setenv in tests) is read here directly; xdg's values are the fallback
// for an unset or relative variable, as the XDG spec requires.
func DefaultPaths() Paths {
	cfg := filepath.Join(envDir("XDG_CONFIG_HOME", xdg.ConfigHome), AppName)
	state := filepath.Join(envDir("XDG_STATE_HOME", xdg.StateHome), AppName)
	return Paths{
		ConfigDir:  cfg,
		ConfigFile: filepath.Join(cfg, "config.toml"),
		DataDir:    filepath.Join(envDir("XDG_DATA_HOME", xdg.DataHome), AppName),
		StateDir:   state,
		LogFile:    filepath.Join(state, "iris.log"),
		AuditFile:  filepath.Join(state, "audit.jsonl"),
	}
}

// ProfileDataDir is the data directory of one profile (its SQLite store).
func (p Paths) ProfileDataDir(profile string) string {
	return filepath.Join(p.DataDir, profile)
}

// envDir returns the environment variable name if it holds an absolute
// path, and fallback otherwise.
func envDir(name, fallback string) string {
	if v := os.Getenv(name); filepath.IsAbs(v) {
		return v
	}
	return fallback
}
